import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// `POST /uploads` against a real server on 127.0.0.1, with real photos: a JPEG and a HEIC
/// become entries with their date and place, kept in uploads/YYYY/MM/; the same bytes again,
/// or a retried key, answer the entry made once.
final class UploadRouteTests: XCTestCase {
    static let paris = Repository.root.appendingPathComponent("SampleImages/05-paris-cat.jpg")
    static let reykjavik = Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic")

    func testAJPEGAndAHEICBecomeEntriesWithTheirDateAndPlace() async throws {
        let fixture = try WebFixture()
        let journal = try fixture.journal { $0.port = 0 }
        let token = journal.csrf.value
        let before = try fixture.store.entries().count
        let jpeg = [UInt8](try Data(contentsOf: Self.paris)), heic = [UInt8](try Data(contentsOf: Self.reykjavik))
        let uploads = fixture.store.library.root.appendingPathComponent("uploads")
        try await journal.application(logger: Logger(label: "t")).test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let first = try await UploadConnection.run {
                try UploadConnection.upload(port: port, jpeg, name: "Paris%20cat.JPG", token: token, key: "paris-0001")
            }
            XCTAssertEqual(first.status, 201, first.body)
            let id = try XCTUnwrap(first.entry)
            XCTAssertEqual(first.json["url"] as? String, "/entries/\(id)")
            XCTAssertEqual(first.json["duplicate"] as? Bool, false)
            let entry = try XCTUnwrap(try fixture.store.entry(idPrefix: id))
            XCTAssertEqual(entry.capturedLocal?.iso8601, "2019-11-03T16:20:00")
            XCTAssertEqual(try XCTUnwrap(entry.location?.latitude), 48.8867, accuracy: 0.001)
            XCTAssertEqual(entry.sourcePath, uploads.appendingPathComponent("2019/11/Paris cat.JPG").path)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: entry.sourcePath)), Data(jpeg), "the bytes as sent")
            XCTAssertNotNil(entry.thumbnail)
            XCTAssertTrue(try fixture.store.ingestRoots().contains(uploads.path), "watch and rebuild read the folder as any other")

            let photo = try await UploadConnection.run {
                try UploadConnection.upload(port: port, heic, name: "IMG_0001.HEIC", token: token)
            }
            XCTAssertEqual(photo.status, 201, photo.body)
            let heicEntry = try XCTUnwrap(try fixture.store.entry(idPrefix: try XCTUnwrap(photo.entry)))
            XCTAssertEqual(heicEntry.capturedLocal?.iso8601, "2023-06-21T23:40:00")
            XCTAssertEqual(try XCTUnwrap(heicEntry.location?.latitude), 64.1466, accuracy: 0.001)
            XCTAssertEqual(heicEntry.sourcePath, uploads.appendingPathComponent("2023/06/IMG_0001.HEIC").path)

            // The same bytes under another name and key: the entry they made, nothing stored twice.
            let again = try await UploadConnection.run {
                try UploadConnection.upload(port: port, jpeg, name: "copy.jpg", token: token, key: "paris-0002")
            }
            XCTAssertEqual(again.status, 200, again.body)
            XCTAssertEqual(again.entry, id)
            XCTAssertEqual(again.json["duplicate"] as? Bool, true)
            // A retry of the first key: the first answer, 201 and all.
            let retried = try await UploadConnection.run {
                try UploadConnection.upload(port: port, jpeg, name: "Paris%20cat.JPG", token: token, key: "paris-0001")
            }
            XCTAssertEqual(retried.status, 201, retried.body)
            XCTAssertEqual(retried.entry, id)

            XCTAssertEqual(try fixture.store.entries().count, before + 2)
            XCTAssertEqual(try Self.files(in: uploads), [".incoming", "2019/11/Paris cat.JPG", "2023/06/IMG_0001.HEIC"])

            let page = try await client.execute(uri: "/entries/\(id)", method: .get) { $0.text }
            XCTAssertTrue(page.contains("Paris"), "the entry's page names its place")
        }
    }

    /// The New-entry form with `photo=` ids: the words and tags go on the first photo's entry,
    /// and the answer is that entry; an id the journal does not hold refuses the form.
    func testTheNewEntryFormDescribesTheUploadedPhoto() async throws {
        let fixture = try WebFixture()
        let journal = try fixture.journal { $0.port = 0 }
        let token = journal.csrf.value
        let jpeg = [UInt8](try Data(contentsOf: Self.paris))
        try await journal.application(logger: Logger(label: "t")).test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let form = try await client.execute(uri: "/new", method: .get) { $0.text }
            XCTAssertTrue(form.contains(#"data-upload="/uploads" data-max-bytes="500000000""#), form)
            XCTAssertTrue(form.contains(#"<input type="file" accept="image/*,video/*" multiple>"#), form)
            XCTAssertTrue(form.contains("up to 500 MB each"), form)
            XCTAssertTrue(form.contains(#"<script src="/static/new-entry.js"></script>"#), form)

            let uploaded = try await UploadConnection.run { try UploadConnection.upload(port: port, jpeg, token: token) }
            let id = try XCTUnwrap(uploaded.entry)
            let before = try fixture.store.entries().count
            let headers = formHeaders + [.origin: "http://127.0.0.1:\(port)"]
            let unknown = try await client.execute(
                uri: "/new", method: .post, headers: headers,
                body: formBody([("csrf", token), ("text", "x"), ("photo", "00000000-0000-4000-8000-000000000000")])
            ) { $0 }
            XCTAssertEqual(unknown.status, .badRequest)
            XCTAssertTrue(unknown.text.contains("is not in the journal"), unknown.text)
            let prefix = try await client.execute(
                uri: "/new", method: .post, headers: headers,
                body: formBody([("csrf", token), ("text", "x"), ("photo", String(id.prefix(8)))])
            ) { $0 }
            XCTAssertEqual(prefix.status, .badRequest, "a whole id, not a prefix")
            XCTAssertEqual(try fixture.store.entry(idPrefix: id).text, "", "nothing written")

            let body = formBody([("csrf", token), ("text", "The cat of Montmartre\r\nasleep"), ("tags", "cat, paris"), ("photo", id)])
            let written = try await client.execute(uri: "/new", method: .post, headers: headers, body: body) { $0 }
            XCTAssertEqual(written.status, .seeOther)
            XCTAssertEqual(written.headers[.location], "/entries/\(id)")
            let entry = try XCTUnwrap(try fixture.store.entry(idPrefix: id))
            XCTAssertEqual(entry.text, "The cat of Montmartre\nasleep")
            XCTAssertEqual(entry.capturedLocal?.iso8601, "2019-11-03T16:20:00", "the photo's date stands")
            XCTAssertEqual(Set(try fixture.store.tags(entryID: id).map(\.name)).isSuperset(of: ["cat", "paris"]), true)
            XCTAssertEqual(try fixture.store.entries().count, before, "no entry of its own")
        }
    }

    /// Every file and folder under `folder`, relative, sorted (folders holding files are left out).
    static func files(in folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            if !isFolder.boolValue || path == ".incoming" || path.hasPrefix(".incoming/") { found.append(path) }
        }
        return found.sorted()
    }
}
