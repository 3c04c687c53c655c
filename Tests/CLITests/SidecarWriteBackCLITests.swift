import DaybookTestSupport
import Foundation
import XCTest

/// `daybook sidecars on|off|status` and `--write-sidecars`: a change made with the CLI reaches
/// the photo's sidecar only when asked, and exiftool reads it there.
extension CLITests {
    func testSidecarsAreWrittenOnlyOnceTurnedOnOrAskedFor() throws {
        try Exiftool.skipUnlessInstalled()
        let photos = try TemporaryFolder.make("daybook-cli-sidecar-write")
        try FileManager.default.copyItem(
            at: Self.xmpFixtures.appendingPathComponent("plain.jpg"), to: photos.appendingPathComponent("IMG_0001.jpg"))
        let sidecar = photos.appendingPathComponent("IMG_0001.jpg.xmp")
        let ingest = try daybook("ingest", "--json", photos.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ingest.stdout.utf8)) as? [String: Any])
        let id = String(try XCTUnwrap((report["created"] as? [[String: Any]])?.first?["id"] as? String).prefix(8))

        // The photo has no date of its own: its tags need one, for their journal file.
        XCTAssertEqual(try daybook("edit", id, "--date", "2024-05-06 12:00").status, 0)
        XCTAssertEqual(try daybook("sidecars").stdout, "sidecars: off (daybook sidecars on writes changes into XMP sidecars)\n")
        XCTAssertEqual(try daybook("tag", id, "--add", "beach").status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sidecar.path), "off: nothing written")

        let once = try daybook("tag", id, "--add", "sea", "--write-sidecars")
        XCTAssertEqual(once.status, 0, once.stderr)
        XCTAssertEqual(Exiftool.list(try Exiftool.read(sidecar)["XMP-dc:Subject"]), ["beach", "sea"])

        let on = try daybook("sidecars", "on")
        XCTAssertEqual(on.stdout, "sidecars: on (changes to photo entries are written into their XMP sidecars)\n", on.stderr)
        let edit = try daybook("edit", id, "--text", "Lunch by the river", "--remove-tag", "sea")
        XCTAssertEqual(edit.status, 0, edit.stderr)
        XCTAssertEqual(edit.stderr, "")
        let tags = try Exiftool.read(sidecar)
        XCTAssertEqual(tags["XMP-dc:Description"] as? String, "Lunch by the river")
        XCTAssertEqual(Exiftool.list(tags["XMP-dc:Subject"]), ["beach"])
        let status = try JSONSerialization.jsonObject(with: Data(try daybook("sidecars", "status", "--json").stdout.utf8))
        XCTAssertEqual(status as? [String: Bool], ["write_sidecars": true])

        XCTAssertEqual(try daybook("sidecars", "off").status, 0)
        XCTAssertEqual(try daybook("edit", id, "--text", "Not written").status, 0)
        XCTAssertEqual(try Exiftool.read(sidecar)["XMP-dc:Description"] as? String, "Lunch by the river")
    }
}

extension CLITests {
    func testAPhotoAttachedToWordsGetsTheirWordsInItsSidecarWhenAsked() throws {
        try Exiftool.skipUnlessInstalled()
        let photos = try TemporaryFolder.make("daybook-cli-sidecar-attach")
        try FileManager.default.copyItem(
            at: Self.xmpFixtures.appendingPathComponent("plain.jpg"), to: photos.appendingPathComponent("IMG_0002.jpg"))
        let sidecar = photos.appendingPathComponent("IMG_0002.jpg.xmp")
        let ingest = try daybook("ingest", "--json", photos.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ingest.stdout.utf8)) as? [String: Any])
        let photo = String(try XCTUnwrap((report["created"] as? [[String: Any]])?.first?["id"] as? String).prefix(8))
        let written = try daybook("write", "--text", "The river at noon", "--tag", "river", "--json")
        XCTAssertEqual(written.status, 0, written.stderr)
        let words = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any])?["id"] as? String)

        let attached = try daybook("photo", "attach", words, photo, "--write-sidecars")
        XCTAssertEqual(attached.status, 0, attached.stderr)
        let tags = try Exiftool.read(sidecar)
        XCTAssertEqual(tags["XMP-dc:Description"] as? String, "The river at noon")
        XCTAssertEqual(Exiftool.list(tags["XMP-dc:Subject"]), ["river"])
    }
}
