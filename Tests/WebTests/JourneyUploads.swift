import DaybookTestSupport
import Foundation
import XCTest

/// The journey's upload: a phone's HEIC sent to the running server's `POST /uploads`, then
/// described with the New-entry form, is found wherever entries are found.
extension JourneyPages {
    static let uploadedHEIC = Repository.fixtures.appendingPathComponent("heic-pillow/xiaomi.heic")

    /// Uploads the HEIC as the New-entry page's script does (its token, name and key), writes
    /// words on it with `photo=`; then the timeline, search, on this day and both exports have
    /// it, and the file sits in uploads/2023/04/ under the library.
    func checkUploadedEntry(library: URL, in root: URL) throws {
        let port = try XCTUnwrap(Int(try XCTUnwrap(base.split(separator: ":").last)))
        let form = try RawHTTP.exchange("GET /new HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", address: "127.0.0.1", port: port)
        let token = try XCTUnwrap(form.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) }, form)
        let bytes = [UInt8](try Data(contentsOf: Self.uploadedHEIC))
        let reply = try UploadConnection.upload(port: port, bytes, name: "IMG_20230427_194418.heic", token: token, key: "journey-upload-1")
        XCTAssertEqual(reply.status, 201, reply.body)
        let id = try XCTUnwrap(reply.entry)
        let kept = library.appendingPathComponent("uploads/2023/04/IMG_20230427_194418.heic")
        XCTAssertEqual(try Data(contentsOf: kept), Data(bytes), "kept by its capture month, bytes as sent")

        let fields = "csrf=\(token)&text=Harbour+walk+at+dusk&tags=harbour&photo=\(id)"
        let posted = try RawHTTP.exchange(
            "POST /new HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(fields.utf8.count)\r\n\r\n\(fields)",
            address: "127.0.0.1", port: port)
        XCTAssertEqual(RawHTTP.status(posted), 303, posted)
        XCTAssertTrue(posted.lowercased().contains("\r\nlocation: /entries/\(id)\r\n"), posted)

        func ids(_ arguments: [String]) throws -> [String] {
            let run = try DaybookProcess.run(arguments + ["--json", "--library", library.path], library: library)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], run.stdout)
            return entries.compactMap { $0["id"] as? String }
        }
        XCTAssertEqual(try ids(["search", "harbour"]), [id])
        XCTAssertTrue(try ids(["on-this-day", "--date", "04-27"]).contains(id))
        let export = try DaybookProcess.run(["export", "json", "-", "--library", library.path], library: library)
        XCTAssertTrue(export.stdout.contains("\"id\" : \"\(id)\""), "export json carries it")
        XCTAssertTrue(export.stdout.contains("Harbour walk at dusk"), "with its words")
        let markdown = root.appendingPathComponent("markdown-uploads")
        let exported = try DaybookProcess.run(["export", "markdown", markdown.path, "--library", library.path], library: library)
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let april = try String(contentsOf: markdown.appendingPathComponent("2023-04.md"), encoding: .utf8)
        XCTAssertTrue(april.contains("Harbour walk at dusk"), april)

        try browser.open(base + "/")
        let tile = try browser.evaluate("document.querySelectorAll('li.tile[data-id=\"\(id)\"] img').length") as? Int
        XCTAssertEqual(tile, 1, "the timeline shows its picture")
        try browser.open(base + "/search?q=harbour")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('li.tile[data-id=\"\(id)\"]').length") as? Int, 1)
        try browser.open(base + "/on-this-day?date=04-27")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('[data-id=\"\(id)\"]').length") as? Int, 1)
        try browser.open(base + "/entries/\(id)")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('figure img').length") as? Int, 1, "its photo")
        XCTAssertEqual(try browser.takeProblems(), [], "the pages of the uploaded entry")
    }
}
