import DaybookBenchSupport
import DaybookCore
import DaybookStore
import Foundation

/// The latency of a person's edits of photo entries, each one writing the entry's journal
/// file (temporary name, `fsync`, rename, folder `fsync`) inside its transaction, through the
/// library API as the CLI and the web call it. Before them, the writing of the files of every
/// seeded photo entry with words (the seeder gives most entries some), as an old library's
/// first open does it.
struct PhotoEditBench {
    let root: URL
    let edits: Int

    /// The aim for an edit's p99.
    static let aimMilliseconds = 20.0

    func run() throws {
        let store = try JournalStore(library: Library(root: root))
        var done = JournalStore.JournalFileBackfill()
        let writing = try milliseconds { done = try store.writeMissingJournalFiles(evenIfDone: true) }
        print(
            String(
                format: "journal files of the seeded photo entries with words or tags: %d in %.0f ms (%.2f ms each)", done.written,
                writing, writing / Double(max(done.written, 1))))

        // The baseline: copies of seeded entries whose ids the format cannot name (not UUIDs),
        // so the same edits of them write no file. Each edit of a filed entry is followed by the
        // same edit of a baseline one, so both meet the machine in the same state.
        let ids = try store.pictureEntryIDs()
        let baseline = try ids.prefix(edits).enumerated().compactMap { index, id -> JournalEntry? in
            guard var copy = try store.entry(id: id) else { return nil }
            copy.id = "no-file-\(index)"
            copy.contentHash = "no-file-\(index)"
            return copy
        }
        try store.insert(batch: baseline)
        var generator = SplitMix64(seed: 0x6564_6974)
        var withFile: [String: [Double]] = [:]
        var without: [String: [Double]] = [:]
        for number in 0..<edits {
            let filed = ids[Int.random(in: 0..<ids.count, using: &generator)]
            let plain = baseline[number % baseline.count].id
            let date = LocalDateTime(
                year: 2010 + Int.random(in: 0..<15, using: &generator), month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator), hour: 12, minute: 0, second: 0)!
            let kind = ["text", "tags", "date"][number % 3]
            for (id, isFiled) in [(filed, true), (plain, false)] {
                let elapsed = try milliseconds {
                    switch kind {
                    case "text": try store.edit(entryID: id, text: "Edit \(number)\nwith a second line")
                    case "tags": try store.editTags(entryID: id, add: ["mine\(number % 7)"], remove: ["vivid"])
                    default: try store.edit(entryID: id, capturedAt: date)
                    }
                }
                if isFiled { withFile[kind, default: []].append(elapsed) } else { without[kind, default: []].append(elapsed) }
            }
        }
        print("\(edits) edits of photo entries in a library of \(try store.count()) entries, each beside the same edit writing no file")
        print("edit            count   p50        p90        p99        max        | no file: p50      p99")
        for name in ["date", "tags", "text", "all"] {
            let values = name == "all" ? withFile.values.flatMap { $0 } : withFile[name] ?? []
            let plain = name == "all" ? without.values.flatMap { $0 } : without[name] ?? []
            print(
                String(
                    format: "%@ %6d   %6.2f ms  %6.2f ms  %6.2f ms  %6.2f ms  |   %6.2f ms  %6.2f ms",
                    name.padding(toLength: 14, withPad: " ", startingAt: 0), values.count, median(values), percentile(values, 0.9),
                    percentile(values, 0.99), values.max() ?? .nan, median(plain), percentile(plain, 0.99)))
        }
        let p99 = percentile(withFile.values.flatMap { $0 }, 0.99)
        print(
            p99 < Self.aimMilliseconds
                ? "p99 under the \(Int(Self.aimMilliseconds)) ms aim" : "p99 ABOVE the \(Int(Self.aimMilliseconds)) ms aim")
    }
}
