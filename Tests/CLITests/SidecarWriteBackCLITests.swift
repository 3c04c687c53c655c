import DaybookTestSupport
import Foundation
import XCTest

/// `daybook sidecars on|off|status` and `--write-sidecars`: a change made with the CLI reaches
/// the photo's sidecar only when asked, and exiftool reads it there.
extension CLITests {
    /// The XMP fixtures' plain photo (no date, no sidecar) ingested from a folder of its own
    /// under `name`: its entry's short id and where its sidecar would be.
    func ingestedPlainPhoto(named name: String) throws -> (id: String, sidecar: URL) {
        let photos = try TemporaryFolder.make("daybook-cli-sidecar")
        try FileManager.default.copyItem(at: Self.xmpFixtures.appendingPathComponent("plain.jpg"), to: photos.appendingPathComponent(name))
        let ingest = try daybook("ingest", "--json", photos.path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ingest.stdout.utf8)) as? [String: Any])
        let id = String(try XCTUnwrap((report["created"] as? [[String: Any]])?.first?["id"] as? String).prefix(8))
        return (id, photos.appendingPathComponent(name + ".xmp"))
    }

    func testSidecarsAreWrittenOnlyOnceTurnedOnOrAskedFor() throws {
        try Exiftool.skipUnlessInstalled()
        let (id, sidecar) = try ingestedPlainPhoto(named: "IMG_0001.jpg")

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
        let (photo, sidecar) = try ingestedPlainPhoto(named: "IMG_0002.jpg")
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
