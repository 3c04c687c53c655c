import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// AVIF through libheif and camera RAW through LibRaw's embedded preview, on the files in
/// Tests/Fixtures/raw (real RAW files from exiftool's test images, an AVIF written by avifenc),
/// with the date, GPS and orientation checked against exiftool's reading of the same bytes.
final class RAWAndAVIFIngestTests: XCTestCase {
    static let raw = Repository.fixtures.appendingPathComponent("raw")

    /// exiftool's numeric reading (`-n -json`) of the tags Daybook compares.
    struct ExifToolReading {
        let dateTimeOriginal: String?
        let offset: String?
        let latitude: Double?
        let longitude: Double?
        let orientation: Int?

        init(_ file: URL) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            process.arguments = [
                "-n", "-json", "-DateTimeOriginal", "-OffsetTimeOriginal", "-GPSLatitude", "-GPSLongitude", "-Orientation", file.path,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let tags = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
            dateTimeOriginal = tags["DateTimeOriginal"] as? String
            offset = tags["OffsetTimeOriginal"] as? String
            latitude = tags["GPSLatitude"] as? Double
            longitude = tags["GPSLongitude"] as? Double
            orientation = tags["Orientation"] as? Int
        }

        func check(_ entry: JournalEntry, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(entry.capturedLocal, dateTimeOriginal.flatMap { LocalDateTime(exif: $0) }, file: file, line: line)
            XCTAssertEqual(entry.offset?.seconds, offset.flatMap { UTCOffset(exifOffset: $0)?.seconds }, file: file, line: line)
            XCTAssertEqual(entry.location == nil, latitude == nil, "GPS present in both or neither", file: file, line: line)
            if let location = entry.location, let latitude, let longitude {
                XCTAssertEqual(location.latitude, latitude, accuracy: 1e-6, file: file, line: line)
                XCTAssertEqual(location.longitude, longitude, accuracy: 1e-6, file: file, line: line)
            }
        }
    }

    private func ingestOne(_ relative: String, log: EventLog = EventLog()) throws -> (JournalEntry, TestJournal) {
        let folder = try Fixtures.temporaryFolder("raw-avif")
        let name = (relative as NSString).lastPathComponent
        try FileManager.default.copyItem(at: Self.raw.appendingPathComponent(relative), to: folder.appendingPathComponent(name))
        let journal = try TestJournal()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.failed, 0, "\(log.failures)")
        XCTAssertEqual(summary.skipped, 0)
        return (try XCTUnwrap(try journal.entriesByFile()[name], "\(log.events)"), journal)
    }

    /// An AVIF with an `irot` (coded 96×64, shown 64×96) and the sample's EXIF: an entry
    /// with a thumbnail turned once, colour tags, a place, and exiftool's date and GPS.
    func testAVIFIsAnEntryTurnedOnceWithExifToolsMetadata() throws {
        let (entry, journal) = try ingestOne("deadsea-irot.avif")
        try ExifToolReading(Self.raw.appendingPathComponent("deadsea-irot.avif")).check(entry)
        XCTAssertEqual(entry.orientation, .up)
        XCTAssertEqual(entry.pixelWidth, 64)
        XCTAssertEqual(entry.pixelHeight, 96)
        let thumbnail = try journal.thumbnail(of: entry)
        XCTAssertLessThan(thumbnail.width, thumbnail.height)
        XCTAssertFalse(try journal.store.tags(entryID: entry.id).isEmpty)
        XCTAssertNotNil(entry.place)
    }

    /// A DNG's largest embedded JPEG (640×480) is its thumbnail, turned by the DNG's own
    /// Orientation (6); the EXIF date, offset and GPS are exiftool's.
    func testDNGPreviewIsTheThumbnailTurnedByTheRAWsOrientation() throws {
        let file = Self.raw.appendingPathComponent("canon-350d-preview.dng")
        let (entry, journal) = try ingestOne("canon-350d-preview.dng")
        let exiftool = try ExifToolReading(file)
        exiftool.check(entry)
        XCTAssertEqual(entry.orientation.rawValue, exiftool.orientation)
        XCTAssertEqual(entry.cameraMake, "Canon")
        XCTAssertEqual(entry.problemList, [])
        let thumbnail = try journal.thumbnail(of: entry)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [300, 400])
        XCTAssertNotNil(entry.place)
    }

    /// RAW files whose preview is tiny (RW2's 8×8), stored past the end of the file (stripped
    /// NEF and CR3), or which LibRaw does not open (a stripped CR2) are entries with their
    /// metadata and a note, never skips. A RAF's 160×120 preview is its thumbnail; its date,
    /// which Daybook cannot read from a RAF itself, is LibRaw's (exiftool: 2007:05:22 13:58:30).
    func testRAWWithoutAUsablePreviewIsAMetadataOnlyEntryWithANote() throws {
        let cases: [(file: String, note: String)] = [
            ("canon-m50.cr3", "lies past the end of the 52502-byte file"),
            ("panasonic-lx3.rw2", "camera RAW without a usable embedded preview: it is only 8×8 pixels"),
            ("nikon-d70.nef", "lies past the end of the 6188-byte file"),
            ("canon-350d.cr2", "unreadable camera RAW file (LibRaw: Unsupported file format or not RAW file)"),
        ]
        for (name, note) in cases {
            let log = EventLog()
            let (entry, _) = try ingestOne(name, log: log)
            XCTAssertNil(entry.thumbnail, name)
            XCTAssertNotNil(entry.capturedLocal, name)
            XCTAssertTrue(
                entry.problemList.contains { $0.contains(note) && $0.hasSuffix("stored without a thumbnail") },
                "\(name): \(entry.problemList)")
            XCTAssertEqual(log.warnings[name]?.count, entry.problemList.count, name)
            if name != "canon-m50.cr3" {
                // TIFF-based: the EXIF reader's own reading, as exiftool's.
                try ExifToolReading(Self.raw.appendingPathComponent(name)).check(entry)
            }
        }
        let (raf, _) = try ingestOne("fujifilm-s5pro.raf")
        XCTAssertNotNil(raf.thumbnail)
        XCTAssertEqual(raf.cameraMake, "Fujifilm", "LibRaw's name for the maker")
        XCTAssertEqual(raf.capturedLocal, LocalDateTime(exif: "2007:05:22 13:58:30"))
    }

    /// Damaged previews: offsets moved past the end of the file, and a JPEG whose Huffman
    /// table no JPEG can have. Each is a metadata-only entry whose note says which.
    func testDamagedPreviewsAreNotesNotCrashes() throws {
        let (pastEnd, _) = try ingestOne("bad/preview-past-end.dng")
        XCTAssertNil(pastEnd.thumbnail)
        XCTAssertEqual(
            pastEnd.problemList,
            ["camera RAW whose embedded preview (20552 bytes) lies past the end of the 57228-byte file; stored without a thumbnail"])
        let (corrupt, _) = try ingestOne("bad/corrupt-preview.dng")
        XCTAssertNil(corrupt.thumbnail)
        XCTAssertEqual(corrupt.problemList.count, 1)
        XCTAssertTrue(
            corrupt.problemList[0].hasPrefix("camera RAW without a usable embedded preview: its JPEG does not decode ("),
            "\(corrupt.problemList)")
        XCTAssertNotNil(corrupt.capturedLocal)
    }
}
