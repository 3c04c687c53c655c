import Foundation

@testable import DaybookStore

/// Entries with thumbnail files, as the repair tests (LibraryRepairTests, RepairMarkTests) need.
extension JournalStore {
    /// Entries "aaaa000<seed>", each with its thumbnail file written.
    func addEntriesWithThumbnails(_ seeds: [Character]) throws {
        for seed in seeds {
            let hash = ArchiveFixture.hash(seed)
            try ArchiveFixture.jpeg.write(to: library.thumbnailsURL.appendingPathComponent("\(hash).jpg"))
            try insert(
                JournalEntry(
                    id: "aaaa000\(seed)", contentHash: hash, sourcePath: "/p/\(seed).jpg", fileSize: 1,
                    pixelSize: nil, thumbnail: "\(hash).jpg", thumbnailSize: (1, 1), problems: []))
        }
    }

    /// Each entry's thumbnail name, in the order of the entries' ids.
    func thumbnailsByEntryID() throws -> [String?] { try entries().sorted { $0.id < $1.id }.map(\.thumbnail) }
}
