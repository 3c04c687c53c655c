import Foundation
import GRDB

extension JournalStore {
    /// How many entries the journal holds, and how many words their texts: what a rebuild
    /// reports, so a person sees at once whether their words came back.
    package func entryAndWordCounts() throws -> (entries: Int, words: Int) {
        try pool.read { db in
            let entries = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0
            var words = 0
            let texts = try String.fetchCursor(db, sql: "SELECT text FROM entry WHERE text <> ''")
            while let text = try texts.next() {
                words += text.split(whereSeparator: { $0.isWhitespace }).count
            }
            return (entries, words)
        }
    }
}
