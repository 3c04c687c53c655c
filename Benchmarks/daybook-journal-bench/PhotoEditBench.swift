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

        let ids = try store.pictureEntryIDs()
        var generator = SplitMix64(seed: 0x6564_6974)
        var timings: [String: [Double]] = ["text": [], "tags": [], "date": []]
        for number in 0..<edits {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            switch number % 3 {
            case 0:
                timings["text", default: []].append(
                    try milliseconds { try store.edit(entryID: id, text: "Edit \(number)\nwith a second line") })
            case 1:
                timings["tags", default: []].append(
                    try milliseconds { try store.editTags(entryID: id, add: ["mine\(number % 7)"], remove: ["vivid"]) })
            default:
                let date = LocalDateTime(
                    year: 2010 + Int.random(in: 0..<15, using: &generator), month: Int.random(in: 1...12, using: &generator),
                    day: Int.random(in: 1...28, using: &generator), hour: 12, minute: 0, second: 0)!
                timings["date", default: []].append(try milliseconds { try store.edit(entryID: id, capturedAt: date) })
            }
        }
        let all = timings.values.flatMap { $0 }
        print("\(edits) edits of photo entries in a library of \(try store.count()) entries")
        print("edit            count     p50        p90        p99        max")
        for (name, values) in timings.sorted(by: { $0.key < $1.key }) + [("all", all)] {
            print(
                String(
                    format: "%@ %6d   %6.2f ms  %6.2f ms  %6.2f ms  %6.2f ms", name.padding(toLength: 14, withPad: " ", startingAt: 0),
                    values.count, median(values), percentile(values, 0.9), percentile(values, 0.99), values.max() ?? .nan))
        }
        let p99 = percentile(all, 0.99)
        print(
            p99 < Self.aimMilliseconds
                ? "p99 under the \(Int(Self.aimMilliseconds)) ms aim" : "p99 ABOVE the \(Int(Self.aimMilliseconds)) ms aim")
    }
}
