import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation

/// What `rebuild` tells: where the old index went, what was read, and what the new one holds.
/// `--json` prints it as it is (snake_case keys); the lines are for people.
struct RebuildReport: Encodable {
    /// The old database's new name; nil when there was none.
    let setAside: String?
    let entries: Int
    let words: Int
    /// Folders and files read for photos, and those that are gone.
    let photoSources: [String]
    let missingSources: [String]
    let photosNew: Int
    let photosFailed: Int
    let photosSkipped: Int
    let journalFiles: Int
    let journalFilesApplied: Int
    let entriesDeleted: Int
    /// Each journal file that could not be read, `path:line: why`.
    let problems: [String]

    init(
        setAside: String?, roots: IngestRootsFile.Reading, photos: IngestSummary, indexing: JournalFolderIndexing,
        counts: (entries: Int, words: Int)
    ) {
        self.setAside = setAside
        entries = counts.entries
        words = counts.words
        photoSources = roots.paths
        missingSources = roots.missing
        photosNew = photos.created.count
        photosFailed = photos.failed
        photosSkipped = photos.skipped
        journalFiles = indexing.changes.count + indexing.problems.count
        journalFilesApplied = indexing.changes.filter(\.changedTheIndex).count
        entriesDeleted = indexing.changes.filter { if case .deleted = $0 { true } else { false } }.count
        problems = indexing.problems.map(\.description)
    }

    var lines: [String] {
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        var lines = [
            "rebuilt: \(count(entries, "entry", "entries")), \(count(words, "word", "words"))",
            "photos: \(photosNew) read from \(count(photoSources.count, "folder or file", "folders and files"))"
                + (photosFailed > 0 ? ", \(photosFailed) failed" : "")
                + (missingSources.isEmpty ? "" : ", \(missingSources.count) gone"),
            "journal files: \(journalFiles) read, \(journalFilesApplied) applied"
                + (entriesDeleted > 0 ? ", \(count(entriesDeleted, "deletion", "deletions"))" : "")
                + ", \(count(problems.count, "file with a problem", "files with problems"))",
        ]
        if let setAside { lines.append("the old index: \(setAside)") }
        return lines
    }
}

extension JournalFileIndexing {
    /// The file added to or changed the index (`unchanged` and `ignored` did not).
    fileprivate var changedTheIndex: Bool {
        switch self {
        case .added, .updated, .deleted, .removed: true
        case .unchanged, .ignored: false
        }
    }
}
