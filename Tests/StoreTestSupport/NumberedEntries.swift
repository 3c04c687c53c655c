import DaybookCore
import DaybookStore
import Foundation

/// Entries with no file behind them, told apart by a number: the hash is the number in hex,
/// the capture day cycles through July 2021, so a few dozen of them share days and tags.
extension JournalEntry {
    public static func numbered(_ index: Int, text: String = "") -> JournalEntry {
        var entry = JournalEntry(
            contentHash: String(format: "%064x", index), sourcePath: "/p/\(index).jpg", fileSize: 1,
            capture: CaptureTime(local: LocalDateTime(exif: "2021:07:0\(1 + index % 9) 10:00:00")!, source: .dateTimeOriginal),
            pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.text = text
        return entry
    }

    /// Entry `index` of a small beach journal: id `aaaa000N`, hash `hN`, taken on the Nth of May
    /// 2024 (1 to 9).
    public static func beach(_ index: Int) -> JournalEntry {
        let capture = CaptureTime(local: LocalDateTime(exif: "2024:05:0\(index) 10:00:00")!, source: .dateTimeOriginal)
        return JournalEntry(
            id: "aaaa000\(index)", contentHash: "h\(index)", sourcePath: "/photos/beach\(index).jpg", fileSize: 1,
            capture: capture, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
    }
}

extension AutoTag {
    /// The tagger's proposals for numbered entry `index`: two of four names, with a repeated
    /// name (the tagger never proposes one, an import might) that is stored once, first score kept.
    package static func proposals(_ index: Int) -> [AutoTag] {
        let names = ["blue", "sky", "night", "red"]
        return [
            AutoTag(name: names[index % 4], score: 0.25 + Double(index % 3) / 10), AutoTag(name: names[(index + 1) % 4], score: 0.5),
            AutoTag(name: names[index % 4], score: 0.9),
        ]
    }
}

extension EntrySave {
    /// What an ingest saves for numbered entry `index`: its words, proposals and perceptual
    /// hash; `beforeCommit` stands for the thumbnail's move into place.
    package static func numbered(_ index: Int, beforeCommit: @escaping @Sendable () throws -> Void = {}) -> EntrySave {
        var entry = JournalEntry.numbered(index, text: "harbour \(index)")
        entry.media = .photo
        return EntrySave(
            entry: entry, sourceTruncated: false, sidecar: nil, autoTags: AutoTag.proposals(index), taggerVersion: 1,
            stack: StackRequest(perceptualHash: Int64(index), burstID: nil), beforeCommit: beforeCommit)
    }
}
