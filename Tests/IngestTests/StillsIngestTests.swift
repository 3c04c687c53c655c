import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// PNG and WebP files as entries: metadata checked against exiftool's reading of
/// the same files, thumbnails and colour tags, dates from file names and, when asked, from
/// the modification time; the bad ones each one error line while the run goes on.
final class StillsIngestTests: XCTestCase {
    static let stills = Repository.fixtures.appendingPathComponent("stills")
    static let good = [
        "exif.png", "xmp.png", "creation.png", "ztxt.png", "Screenshot_20230114-101112.png", "photo.webp", "alpha.webp",
        "IMG_20230114_101112.webp", "xmp.gif", "animated.gif",
    ]

    /// exiftool's reading (`-n`: numbers, not prose) of one file's date, GPS and orientation.
    static func exiftool(_ name: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = [
            "-j", "-n", "-DateTimeOriginal", "-CreationTime", "-GPSLatitude", "-GPSLongitude", "-Orientation",
            stills.appendingPathComponent(name).path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try XCTUnwrap(list.first)
    }

    func testMetadataAgreesWithExiftool() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is not installed")
        // Sources by their JSON names (`capture_source`).
        let expectedSources = [
            "exif.png": "DateTimeOriginal", "xmp.png": "xmp", "creation.png": "CreationTime", "ztxt.png": "CreationTime",
            "photo.webp": "DateTimeOriginal", "alpha.webp": "xmp", "xmp.gif": "xmp",
        ]
        for (name, source) in expectedSources {
            let bytes = [UInt8](try Data(contentsOf: Self.stills.appendingPathComponent(name)))
            let analysis = try PhotoAnalyzer().analyze(bytes)
            let truth = try Self.exiftool(name)
            let date = try XCTUnwrap((truth["DateTimeOriginal"] ?? truth["CreationTime"]) as? String, name)
            let capture = try XCTUnwrap(analysis.metadata.capture, name)
            // exiftool appends the zone it read ("2022:06:30 18:45:00+02:00").
            XCTAssertEqual(capture.local.exifString, String(date.prefix(19)), name)
            if date.count > 19 {
                XCTAssertEqual(capture.offset?.formatted, String(date.dropFirst(19)).replacingOccurrences(of: "Z", with: "+00:00"), name)
            }
            XCTAssertEqual(capture.source.rawValue, source, name)
            if let latitude = truth["GPSLatitude"] as? Double, let longitude = truth["GPSLongitude"] as? Double {
                let location = try XCTUnwrap(analysis.metadata.location, name)
                XCTAssertEqual(location.latitude, latitude, accuracy: 1e-6, name)
                XCTAssertEqual(location.longitude, longitude, accuracy: 1e-6, name)
            } else {
                XCTAssertNil(analysis.metadata.location, name)
            }
            XCTAssertEqual(analysis.metadata.orientation.rawValue, truth["Orientation"] as? Int ?? 1, name)
            let thumbnail = try XCTUnwrap(analysis.thumbnail, name)
            XCTAssertEqual(Array(thumbnail.jpeg.prefix(3)), [0xFF, 0xD8, 0xFF], name)
            XCTAssertFalse(analysis.tags.isEmpty, "\(name): colour tags from the thumbnail's pixels")
        }
    }

    func testStillsBecomeEntriesAndBadOnesFailWithOneLineEach() throws {
        let folder = try Fixtures.temporaryFolder("stills")
        for name in Self.good + ["bomb-ihdr.png", "bomb-ztxt.png", "truncated.webp"] {
            try FileManager.default.copyItem(at: Self.stills.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, Self.good.count, "\(log.failures)")
        XCTAssertEqual(
            log.failures,
            [
                "bomb-ihdr.png": "image too large: 100000×100000 (10000 MP) is above the 100 MP limit",
                "bomb-ztxt.png": "PNG text chunk inflates past 8 MB (a decompression bomb); refused",
                "truncated.webp": "truncated WebP file (it ends at byte 300, its RIFF header declares 3368)",
            ])
        // Both bombs are refused for one limit or another: one code for every "too large".
        XCTAssertEqual(log.failureCodes, ["bomb-ihdr.png": .tooLarge, "bomb-ztxt.png": .tooLarge, "truncated.webp": .damaged])
        XCTAssertEqual(log.skipped, [])
        let entries = try journal.entriesByFile()
        let exif = try XCTUnwrap(entries["exif.png"])
        XCTAssertEqual([exif.pixelWidth, exif.pixelHeight], [64, 48])
        XCTAssertEqual([exif.thumbnailWidth, exif.thumbnailHeight], [48, 64], "turned by its EXIF Orientation 6")
        XCTAssertEqual(exif.offset?.seconds, 3600)
        XCTAssertEqual(exif.cameraMake, "Daybook")
        XCTAssertNotNil(exif.place, "a place name from the EXIF GPS")
        let screenshot = try XCTUnwrap(entries["Screenshot_20230114-101112.png"])
        XCTAssertEqual(screenshot.capturedLocal?.iso8601, "2023-01-14T10:11:12")
        XCTAssertEqual(screenshot.captureSource?.rawValue, "filename")
        XCTAssertNil(screenshot.offset)
        XCTAssertEqual(entries["IMG_20230114_101112.webp"]?.captureSource?.rawValue, "filename")
        // A name never outranks metadata.
        let renamed = try Fixtures.temporaryFolder("stills-renamed")
        try FileManager.default.copyItem(
            at: Self.stills.appendingPathComponent("xmp.png"), to: renamed.appendingPathComponent("IMG_20230114_101112.png"))
        let other = try TestJournal()
        try other.ingest([renamed])
        XCTAssertEqual(try other.entriesByFile()["IMG_20230114_101112.png"]?.captureSource?.rawValue, "xmp")
    }
}
