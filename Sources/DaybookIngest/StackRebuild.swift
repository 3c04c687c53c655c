import DaybookImaging
import DaybookStore

/// `daybook stack rebuild`: gives entries stored before stacks existed their perceptual hash,
/// from their thumbnail file (the photo itself may be gone), then stacks every dated entry
/// again. Joining only ever adds links, so running it twice changes nothing, and a stack the
/// user split stays split.
public struct StackRebuild: Sendable {
    public struct Report: Sendable, Codable, Equatable {
        /// Entries whose hash was computed now.
        public var hashed = 0
        /// Thumbnails that could not be read or decoded (named in `problems`).
        public var unreadable = 0
        /// Stacks in the journal afterwards, and the frames in them.
        public var stacks = 0
        public var stackedEntries = 0
        public var problems: [String] = []
    }

    private let store: JournalStore

    public init(store: JournalStore) { self.store = store }

    public func run() throws -> Report {
        var report = Report()
        let files = try ThumbnailFiles(library: store.library)
        let decoder = ThumbnailMaker().decoder
        for entry in try store.entriesWithoutPerceptualHash() {
            guard let name = entry.thumbnailName else { continue }
            do {
                guard let bytes = try files.read(name) else {
                    report.unreadable += 1
                    report.problems.append("\(entry.id): thumbnail \(name.fileName) is missing")
                    continue
                }
                // The thumbnail file is already oriented.
                let image = try decoder.pixels(from: bytes, orientation: .up).image
                guard let hash = PerceptualHash(of: image) else { continue }
                try store.stack(entryID: entry.id, perceptualHash: hash.signed)
                report.hashed += 1
            } catch {
                report.unreadable += 1
                report.problems.append("\(entry.id): thumbnail \(name.fileName): \(error)")
            }
        }
        for id in try store.stackableEntryIDs() { try store.stack(entryID: id, perceptualHash: nil) }
        (report.stacks, report.stackedEntries) = try store.stackCounts()
        return report
    }
}
