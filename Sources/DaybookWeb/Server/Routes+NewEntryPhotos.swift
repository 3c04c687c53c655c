import DaybookIngest
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// `POST /new` with `photo=<entry id>` fields, the entries `POST /uploads` answered: the
    /// text and tags go on the first photo's entry through the calls the entry page's text and
    /// tag forms make, and the answer is that entry. The photo's own date stands; the form's is
    /// for words alone. `key`, when given, is remembered for the first photo's entry, so a
    /// queued form sent again lands there and writes nothing.
    func describe(
        photos ids: [String], text: String, tagsText: String, key: NewEntryKey?, refuse: (String) throws -> Response
    ) async throws -> Response {
        let tags = tagsText.split { $0 == "," || $0.isWhitespace }.map(String.init)
        guard ids.count <= Self.photosPerEntry else {
            return try refuse("An entry takes at most \(Self.photosPerEntry) photos at once. Nothing was written.")
        }
        var entries: [JournalEntry] = []
        for id in ids {
            // Whole ids only: a prefix that names one entry today may name two tomorrow.
            guard id.utf8.count == 36, let entry = try await lookUp(id), entry.id == id, entry.media != .text else {
                return try refuse("The photo \(id.prefix(36)) is not in the journal: send it again. Nothing was written.")
            }
            entries.append(entry)
        }
        let first = entries[0]
        defer { cache.invalidate() }
        do {
            let problem: String? = try await BlockingPools.files.runIfActive {
                // Tags first: a tag that does not read, or one too many, refuses the form before the text is written.
                if !tags.isEmpty {
                    let current = TagEditLimits.own(try store.tags(entryID: first.id))
                    if let problem = TagEditLimits.entryProblem(current: current, add: tags, remove: []) { return problem }
                    _ = try store.editTags(entryID: first.id, add: tags, remove: [])
                }
                let words = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !words.isEmpty {
                    // The photo may have words already (the same photo sent twice): the new ones follow them.
                    let current = try store.entry(idPrefix: first.id).text
                    let kept = current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || current == text ? "" : current + "\n\n"
                    try store.edit(entryID: first.id, text: kept + text, basedOn: nil)
                }
                if let key { _ = try store.remember(key, entryID: first.id) }
                sidecars.entryChanged(first.id, [.text, .tags], store: store)
                return nil
            }
            if let problem { return try refuse(problem) }
        } catch let error as StoreError where error.code == .textTooLong {
            return try textTooLarge
        } catch let error as StoreError where error.code == .invalidTag {
            return try refuse("\(error.description.prefix(1).uppercased())\(error.description.dropFirst()). Nothing was written.")
        } catch let error as JournalFileError {
            return try journalFileRefusal(error)
        }
        return Answer.seeOther("/entries/\(first.id)")
    }

    /// More than a phone's picker sends at once, and few enough to look up one by one.
    static let photosPerEntry = 100
}
