import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// A folder as an iPhone leaves it: HEIC photos, JPEG exports of the same shots, the
/// Live Photo's .MOV and the .AAE edit file. Every photo and video is an entry, nothing else is.
final class PhoneFolderIngestTests: XCTestCase {
    static let heic = Repository.fixtures.appendingPathComponent("heic/IMG_5195.HEIC")

    /// A JPEG export of the HEIC: its pixels, and its Exif TIFF in an APP1 segment.
    static func jpegExport(of heicBytes: [UInt8]) throws -> [UInt8] {
        let file = try HEIFFile(heicBytes)
        let image = try file.pixels(longestSide: 1200, maxPixels: 100_000_000).image
        let item = try XCTUnwrap(file.exif)
        let tiff = try XCTUnwrap((0..<item.count - 4).first { Array(item[$0..<$0 + 4]) == [0x4D, 0x4D, 0x00, 0x2A] })
        let app1 = Array("Exif".utf8) + [0, 0] + item[tiff...]
        let jpeg = try JPEGEncoder.encode(image, quality: 85)
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1 + jpeg.dropFirst(2)
    }

    func testAnIPhoneFolderIngestsEveryPhotoAndSkipsTheRest() throws {
        let folder = try Fixtures.temporaryFolder("iphone-folder")
        let heic = try [UInt8](Data(contentsOf: Self.heic))
        try Data(heic).write(to: folder.appendingPathComponent("IMG_5195.HEIC"))
        try Data(Self.jpegExport(of: heic)).write(to: folder.appendingPathComponent("IMG_5195.JPG"))
        // The Live Photo's video half: a real (FFmpeg-made) clip under the iPhone's name.
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("videos/h264_keys.mp4"), to: folder.appendingPathComponent("IMG_5195.MOV"))
        let edits = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>adjustmentFormatIdentifier</key><string>com.apple.photo</string></dict></plist>
            """
        try Data(edits.utf8).write(to: folder.appendingPathComponent("IMG_5195.AAE"))

        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 3, "the HEIC, its JPEG export and the video are three files")
        XCTAssertEqual(summary.failed, 0, "\(log.failures)")
        XCTAssertEqual(summary.warnings, 0, "\(log.warnings)")
        XCTAssertEqual(log.skipped.sorted(), ["IMG_5195.AAE"])
        XCTAssertEqual(summary.line, "3 new (1 video), 0 already in the journal, 0 failed, 1 skipped (1 Apple edit)")

        let entries = try journal.entriesByFile()
        let photo = try XCTUnwrap(entries["IMG_5195.HEIC"])
        XCTAssertEqual(photo.capturedLocal?.exifString, "2021:04:11 15:47:53")
        XCTAssertEqual(photo.offset?.formatted, "-05:00")
        XCTAssertEqual(photo.location?.latitude ?? 0, 39.0513444, accuracy: 1e-6)
        XCTAssertEqual(photo.cameraModel, "iPhone 11 Pro Max")
        XCTAssertEqual(photo.pixelWidth, 2566)
        XCTAssertEqual(photo.pixelHeight, 3313)
        XCTAssertEqual(photo.orientation, .up)
        XCTAssertEqual(photo.thumbnailWidth, 310)
        XCTAssertEqual(photo.thumbnailHeight, 400)
        XCTAssertEqual(try journal.thumbnail(of: photo).width, 310)
        XCTAssertEqual(photo.media, .photo)
        XCTAssertEqual(entries["IMG_5195.MOV"]?.media, .video)
        let export = try XCTUnwrap(entries["IMG_5195.JPG"])
        XCTAssertEqual(export.capturedLocal, photo.capturedLocal)
        XCTAssertNotEqual(export.contentHash, photo.contentHash)

        let again = try journal.ingest([folder])
        XCTAssertEqual(again.alreadyInJournal, 3)
        XCTAssertEqual(again.skipped, 1)
        XCTAssertEqual(again.created.count, 0)
    }

    /// Content decides, not the name: a JPEG named .HEIC is a JPEG; an AVIF is read through
    /// libheif like a HEIC; a file named like a HEIF that is empty is an error.
    func testHEIFNamesDoNotDecideAndAVIFIsRead() throws {
        let folder = try Fixtures.temporaryFolder("heif-names")
        let sample = try XCTUnwrap(try Fixtures.sampleNames().first)
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent(sample), to: folder.appendingPathComponent("renamed.HEIC"))
        let avif = Repository.fixtures.appendingPathComponent("heic-badinputs/av1_image.avif")
        try FileManager.default.copyItem(at: avif, to: folder.appendingPathComponent("photo.avif"))
        try Data().write(to: folder.appendingPathComponent("empty.heic"))
        try FileManager.default.copyItem(at: Self.heic, to: folder.appendingPathComponent("z.heic"))

        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, 3)
        XCTAssertEqual(summary.failed, 1)
        XCTAssertEqual(log.skipped, [])
        XCTAssertNotNil(try journal.entriesByFile()["photo.avif"]?.thumbnail)
        XCTAssertEqual(log.failures["empty.heic"], "empty file")
        XCTAssertEqual(try journal.entriesByFile()["renamed.HEIC"]?.pixelWidth, 640)
    }
}
