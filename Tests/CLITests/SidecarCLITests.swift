import Foundation
import XCTest

/// `daybook ingest` and `show` with XMP sidecars: the counts, the JSON, each value's source.
extension CLITests {
    static let xmpFixtures = repository.appendingPathComponent("Tests/Fixtures/xmp")

    func testIngestCountsSidecarsApartAndShowSaysWhereTheDateAndPlaceCameFrom() throws {
        let photos = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-cli-sidecars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: photos) }
        for (fixture, name) in [
            ("all-sources.jpg", "IMG_0001.jpg"), ("sidecar-corrected.xmp", "IMG_0001.xmp"), ("iptc-only.jpg", "IMG_0002.jpg"),
        ] {
            try FileManager.default.copyItem(at: Self.xmpFixtures.appendingPathComponent(fixture), to: photos.appendingPathComponent(name))
        }
        // The sidecar is older than the photo: the photo's own values come first.
        let now = Date()
        try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: photos.appendingPathComponent("IMG_0001.jpg").path)
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-3600)], ofItemAtPath: photos.appendingPathComponent("IMG_0001.xmp").path)

        let ingest = try daybook("ingest", "--json", photos.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        XCTAssertEqual(ingest.stderr, "2 new, 0 already in the journal, 0 failed, 1 sidecar (read with its photo)\n")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ingest.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["sidecars"] as? Int, 1)
        XCTAssertEqual(report["updated"] as? Int, 0)
        XCTAssertEqual(report["skipped"] as? Int, 0)
        let created = try XCTUnwrap(report["created"] as? [[String: Any]])
        let first = try XCTUnwrap(created.first { ($0["source_path"] as? String)?.hasSuffix("IMG_0001.jpg") == true })
        XCTAssertEqual(first["capture_source"] as? String, "DateTimeOriginal")
        XCTAssertEqual(first["location_source"] as? String, "xmp")
        let second = try XCTUnwrap(created.first { ($0["source_path"] as? String)?.hasSuffix("IMG_0002.jpg") == true })
        XCTAssertEqual(second["capture_source"] as? String, "iptc")
        XCTAssertEqual(second["offset_source"] as? String, "date-text")
        XCTAssertNil(second["location_source"])

        let show = try daybook("show", String(try XCTUnwrap(first["id"] as? String).prefix(8)))
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("date from    DateTimeOriginal"), show.stdout)
        XCTAssertTrue(show.stdout.contains("place from   xmp"), show.stdout)
        let iptc = try daybook("show", String(try XCTUnwrap(second["id"] as? String).prefix(8)))
        XCTAssertTrue(iptc.stdout.contains("2018-05-20 16:20:00 +09:00 (offset from the zone written in the date)"), iptc.stdout)

        // The sidecar is saved again, later than the photo: its date and place now come first.
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(60)], ofItemAtPath: photos.appendingPathComponent("IMG_0001.xmp").path)
        let again = try daybook("ingest", photos.path)
        XCTAssertEqual(
            again.stdout,
            "0 new, 1 already in the journal, 0 failed, 1 entry read again with its changed sidecar, 1 sidecar (read with its photo)\n")
        let reread = try daybook("show", String(try XCTUnwrap(first["id"] as? String).prefix(8)), "--json")
        let entry = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reread.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(entry["capture_source"] as? String, "sidecar")
        XCTAssertEqual(entry["location_source"] as? String, "sidecar")
        XCTAssertEqual(entry["captured_local"] as? String, "2019-07-15T08:00:00")
    }
}
