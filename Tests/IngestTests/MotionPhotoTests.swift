import DaybookCore
import DaybookMetadata
import DaybookPresentation
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest
@testable import DaybookStore

/// Motion photos (Tests/Fixtures/motion, made by make_motion.sh with ffmpeg and exiftool): the
/// entry keeps where the appended MP4 lies in the photo's own file, the image is read as a
/// plain JPEG, and a clip that does not hold is one warning and no clip.
final class MotionPhotoTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("motion")
    /// The clip make_motion.sh appends to every good fixture (2823 bytes, made by ffmpeg).
    static let clipLength: Int64 = 2823

    private func ingest(_ names: [String]) throws -> (TestJournal, EventLog) {
        let journal = try TestJournal()
        let log = EventLog()
        try journal.ingest(names.map { Self.folder.appendingPathComponent($0) }, log: log)
        return (journal, log)
    }

    /// The bytes at the clip's place, compared with what exiftool extracts as the video.
    private func clipBytes(_ entry: JournalEntry) throws -> Data {
        let clip = try XCTUnwrap(entry.motionClip)
        let file = try Data(contentsOf: URL(fileURLWithPath: entry.sourcePath))
        return file.subdata(in: Int(clip.offset)..<Int(clip.offset + clip.length))
    }

    func testEachKindOfMotionPhotoKeepsItsClipInPlace() throws {
        let names = ["google-motion.jpg", "google-motion.heic", "google-microvideo.jpg", "samsung-trailer.jpg", "samsung-mpvd.heic"]
        let (journal, log) = try ingest(names)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(log.warnings, [:], "the appended bytes are neither decoded nor 'trailing data'")
        let entries = try journal.entriesByFile()
        // Offsets as exiftool finds the embedded video: `exiftool -ee -b -EmbeddedVideo`
        // (Google) and `-EmbeddedVideoFile` (Samsung) give these bytes.
        // The HEIC's, where its last HEIF box ends (the 2823 bytes before the file's end); the
        // One UI 6 layout's inside its `mpvd` box, before the 32-byte `sefd` trailer
        // (`exiftool -b -MotionPhotoVideo` gives those bytes; so it does for a real One UI 6
        // HEIC from immich-app/test-assets, checked by hand: that file has no licence to commit).
        let expected: [String: Int64] = [
            "google-motion.jpg": 1722, "google-motion.heic": 1710, "google-microvideo.jpg": 3695, "samsung-trailer.jpg": 755,
            "samsung-mpvd.heic": 1719,
        ]
        for name in names {
            let entry = try XCTUnwrap(entries[name], name)
            XCTAssertEqual(entry.motionClip, MotionClip(offset: expected[name]!, length: Self.clipLength), name)
            let clip = try clipBytes(entry)
            XCTAssertEqual(String(decoding: clip[4..<8], as: UTF8.self), "ftyp", name)
            XCTAssertNotNil(entry.thumbnail, "\(name): the photo itself is read")
            XCTAssertEqual(entry.pixelWidth, 96, name)
            XCTAssertEqual(entry.capturedLocal?.iso8601, "2024-06-01T10:20:30", name)
            XCTAssertFalse(try journal.store.isStoredFromTruncatedFile(id: entry.id), name)
        }
        // All carry the same ffmpeg clip.
        XCTAssertEqual(Set(try names.map { try clipBytes(entries[$0]!) }).count, 1)
    }

    /// Samsung's trailer after a HEIC's own boxes, as after a JPEG's end: the HEIC is
    /// `samsung-mpvd.heic`'s image boxes (its `mpvd` dropped) followed by the trailer of
    /// `samsung-trailer.jpg` (the block header, `MotionPhoto_Data`, the clip, the directory).
    func testASamsungTrailerAfterAHEICsBoxesIsItsClip() throws {
        let heic = try Data(contentsOf: Self.folder.appendingPathComponent("samsung-mpvd.heic"))
        let jpeg = try Data(contentsOf: Self.folder.appendingPathComponent("samsung-trailer.jpg"))
        let image = heic.prefix(PhotoAnalyzer.heifImageEnd(iso: [UInt8](heic), movieStart: nil))
        XCTAssertLessThan(image.count, heic.count)
        let marker = try XCTUnwrap(jpeg.range(of: Data("MotionPhoto_Data".utf8)))
        let trailer = jpeg.suffix(from: marker.lowerBound - 8)
        let folder = try Fixtures.temporaryFolder("samsung-heic-trailer")
        let url = folder.appendingPathComponent("20240601_102030.heic")
        try (image + trailer).write(to: url)

        let journal = try TestJournal()
        let log = EventLog()
        try journal.ingest([url], log: log)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(log.warnings, [:])
        let entry = try XCTUnwrap(try journal.store.entries().first)
        XCTAssertEqual(entry.motionClip, MotionClip(offset: Int64(image.count + 8 + 16), length: Self.clipLength))
        XCTAssertEqual(try clipBytes(entry), try clipBytes(XCTUnwrap(try ingest(["samsung-trailer.jpg"]).0.store.entries().first)))
        XCTAssertNotNil(entry.thumbnail, "the HEIC itself is read, without the trailer")
        XCTAssertEqual(entry.pixelWidth, 96)
    }

    func testBadClipsAreOneWarningAndNoClip() throws {
        let cases = [
            "bad/length-past-end.jpg": "gives lengths beyond the file",
            "bad/clip-not-mp4.jpg": "is not an MP4",
            "bad/offset-into-image.jpg": "would overlap the image",
        ]
        let (journal, log) = try ingest(Array(cases.keys))
        XCTAssertEqual(log.failures, [:], "the photo is still an entry")
        let entries = try journal.entriesByFile()
        for (path, words) in cases {
            let name = (path as NSString).lastPathComponent
            let warnings = log.warnings[name] ?? []
            XCTAssertEqual(warnings.count, 1, "\(name): \(warnings)")
            XCTAssertTrue(warnings.first?.hasPrefix("motion photo: ") == true, "\(name): \(warnings)")
            XCTAssertTrue(warnings.first?.contains(words) == true, "\(name): \(warnings)")
            let entry = try XCTUnwrap(entries[name])
            XCTAssertNil(entry.motionClip, name)
            XCTAssertNotNil(entry.thumbnail, name)
        }
    }

    func testAPlainJPEGHasNoClip() throws {
        let journal = try TestJournal()
        let log = EventLog()
        try journal.ingest([Fixtures.samples.appendingPathComponent("07-deadsea-2022-06.jpg")], log: log)
        XCTAssertEqual(log.warnings, [:])
        XCTAssertNil(try journal.store.entries().first?.motionClip)
    }

    func testClipSurvivesExportAndImport() throws {
        let (journal, _) = try ingest(["google-motion.jpg"])
        let archive = try journal.store.exportArchive()
        XCTAssertEqual(archive.items.first?.entry.motion, MotionOutput(MotionClip(offset: 1722, length: Self.clipLength)))
        let data = try JSONOutput.data(archive)
        let copy = try TestJournal()
        XCTAssertEqual(try copy.store.importArchive(try JournalArchive.decodeAndValidate(data)), 1)
        XCTAssertEqual(try copy.store.entries().first?.motionClip, MotionClip(offset: 1722, length: Self.clipLength))
    }

    func testImportRefusesAClipOutsideTheFile() throws {
        let (journal, _) = try ingest(["google-motion.jpg"])
        var archive = try journal.store.exportArchive()
        let size = archive.items[0].entry.fileSize
        for (offset, length) in [(size - 10, Int64(11)), (0, Int64(10)), (Int64.max, Int64.max), (100, -5)] {
            archive.items[0].entry.motion = MotionOutput(MotionClip(offset: offset, length: length))
            XCTAssertThrowsError(try archive.validate(), "\(offset)+\(length)") { error in
                XCTAssertTrue("\(error)".contains("entry.motion.length"), "\(error)")
            }
        }
        archive.items[0].entry.motion = MotionOutput(livePhotoVideo: "/photos/IMG_0001.MOV")
        XCTAssertThrowsError(try archive.validate()) { error in
            XCTAssertTrue("\(error)".contains("entry.motion.path"), "\(error)")
        }
        archive.items[0].entry.motion?.source = "hologram"
        XCTAssertThrowsError(try archive.validate()) { error in XCTAssertTrue("\(error)".contains("motion.source"), "\(error)") }
    }

    /// Every byte of each good fixture set to 0xFF and 0x30 in turn (lengths, offsets,
    /// markers, the XMP's digits, the box sizes): whatever the finder returns is a clip after
    /// the image, within the file, beginning with a whole `ftyp` box, or a warning.
    func testDamagedFilesNeverGiveAClipOutsideTheRules() throws {
        for name in ["google-motion.jpg", "google-microvideo.jpg", "samsung-trailer.jpg"] {
            let original = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            var clips = 0
            // Past its first boxes, the clip's bytes are never read: only its head and the file's tail are damaged.
            let clipStart = original.count - Int(Self.clipLength) - (name.hasPrefix("samsung") ? 32 : 0)
            for index in Array(0..<clipStart + 64) + Array(original.count - 64..<original.count) {
                for value: UInt8 in [0xFF, 0x30] where original[index] != value {
                    var bytes = original
                    bytes[index] = value
                    guard let imageEnd = bytes.withUnsafeBufferPointer({ JPEGEnding.endOfImage($0) }),
                        case .clip(let clip)? = MotionClipFinder.find(in: bytes, xmp: MotionPhotoXMP.read(jpeg: bytes), imageEnd: imageEnd)
                    else { continue }
                    clips += 1
                    XCTAssertTrue(clip.fits(fileSize: Int64(bytes.count)), "\(name) byte \(index)")
                    XCTAssertGreaterThanOrEqual(clip.offset, Int64(imageEnd), "\(name) byte \(index)")
                    XCTAssertEqual(Array(bytes[Int(clip.offset) + 4..<Int(clip.offset) + 8]), Array("ftyp".utf8), "\(name) byte \(index)")
                }
            }
            XCTAssertGreaterThan(clips, 0, "\(name): most damage leaves the clip findable")
        }
    }
}
