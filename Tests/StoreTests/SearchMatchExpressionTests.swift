import GRDB
import XCTest

@testable import DaybookStore

/// `SearchIndex.matchExpression` splits words in Swift as GRDB's `FTS5Pattern` does through two
/// throwaway databases: the same pattern for every text, and every pattern one
/// that FTS5 reads.
final class SearchMatchExpressionTests: XCTestCase {
    static let texts = [
        "", " ", "river", "River MARKET", "caf", "café crème", "CRÈME, café", "defile — 巴黎", "l’été au co-op", "e-mail à Zoë",
        "🇫🇷", "NOT café OR", "AND", "near NEAR(a b)", "\"quoted\" words*", "a*b^c:d", "(x) {y} [z]", "tab\tnew\nline",
        "nul\u{0}inside", "x_y-z.w", "Ωmega ÀÉÎ", "\u{301}combining", "İstanbul ǅ ß", "123 4.5 -6", "\u{7F}del\u{1}ctl",
        "日本語の文章", "emoji 👍🏽 words", "\u{FEFF}bom", "a \u{FEFF} b", "\u{FEFF}", "\u{FEFF}\u{FEFF}x", "in\u{FEFF}side", "a", "Zz",
        String(repeating: "long ", count: 50),
    ]

    func testTheSamePatternAsGRDBForEveryText() {
        var texts = Self.texts
        // And random texts from letters, digits, punctuation, spaces and non-ASCII characters.
        let alphabet = Array("aZ09 ,.-_*\"'()^:\t\u{0}é€😀日ß\u{301}\u{FEFF}")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            texts.append(String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for text in texts {
            XCTAssertEqual(
                SearchIndex.matchExpression(for: text), FTS5Pattern(matchingAllPrefixesIn: text)?.rawPattern, text.debugDescription)
        }
    }

    func testEveryPatternIsOneFTS5Reads() throws {
        let db = try DatabaseQueue()
        try db.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'unicode61 remove_diacritics 2')")
            try db.execute(sql: "INSERT INTO t (a) VALUES ('café crème river 巴黎')")
            for text in Self.texts {
                guard let pattern = SearchIndex.matchExpression(for: text) else { continue }
                XCTAssertNoThrow(try Int.fetchAll(db, sql: "SELECT rowid FROM t WHERE t MATCH ?", arguments: [pattern]), pattern)
            }
            XCTAssertEqual(
                try Int.fetchAll(
                    db, sql: "SELECT rowid FROM t WHERE t MATCH ?", arguments: [SearchIndex.matchExpression(for: "CRÈME, caf")]), [1])
        }
    }
}
