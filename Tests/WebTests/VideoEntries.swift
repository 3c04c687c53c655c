import DaybookCore
import DaybookStore
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

/// Video entries for the web tests, saved through the store as ingest will save them: the file
/// from Tests/Fixtures/web-video (made by ffmpeg, see its README) copied into the journal's
/// photo folder, its content hash, and poster.jpg as its thumbnail.
extension WebFixture {
    static let videoFixtures = Repository.fixtures.appendingPathComponent("web-video")

    func addVideo(_ name: String, duration: Double?, date: String = "2024:06:01 18:30:00") throws -> JournalEntry {
        let target = photos.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.videoFixtures.appendingPathComponent(name), to: target)
        return try addVideo(
            at: target, contentHash: ContentHash.sha256Hex([UInt8](try Data(contentsOf: target))), duration: duration, date: date)
    }

    /// A video already in the photo folder, of the hash given (for a file too big to read whole here).
    func addVideo(at target: URL, contentHash hash: String, duration: Double?, date: String = "2024:06:01 18:30:00") throws -> JournalEntry
    {
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int)
        let thumbnailName = try XCTUnwrap(ThumbnailName(contentHash: hash))
        let thumbnails = try ThumbnailFiles(library: store.library)
        let poster = [UInt8](try Data(contentsOf: Self.videoFixtures.appendingPathComponent("poster.jpg")))
        try thumbnails.moveIntoPlace(try thumbnails.writeTemporary(poster), name: thumbnailName)
        var entry = JournalEntry(
            contentHash: hash, sourcePath: target.path, fileSize: Int64(size),
            capture: CaptureTime(local: try XCTUnwrap(LocalDateTime(exif: date)), source: .dateTimeOriginal, offset: nil),
            pixelSize: (320, 240), thumbnail: thumbnailName.fileName, thumbnailSize: (320, 240), problems: [])
        entry.media = .video
        entry.durationSeconds = duration
        _ = try store.insert(entry)
        return try XCTUnwrap(try store.entry(id: entry.id))
    }
}
