import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The entry page's forms write a photo's sidecar once `daybook sidecars on` says so, and the
/// server sees that setting change while it runs.
final class SidecarWriteBackRouteTests: XCTestCase {
    func testTheEntryFormsWriteThePhotosSidecarOnceTurnedOn() async throws {
        try Exiftool.skipUnlessInstalled()
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("03-newyork-2021-03.jpg") })
        let sidecar = URL(fileURLWithPath: entry.sourcePath + ".xmp")
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let headers = formHeaders + [.origin: "http://localhost"]
            let page = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            let token = try XCTUnwrap(page.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            func post(_ form: String, _ fields: [(String, String)]) async throws {
                let uri = "/entries/\(entry.id)/\(form)"
                let status = try await client.execute(uri: uri, method: .post, headers: headers, body: formBody(fields + [("csrf", token)]))
                {
                    $0.status
                }
                XCTAssertEqual(status, .seeOther, uri)
            }
            try await post("tags", [("add", "harbour")])
            XCTAssertFalse(FileManager.default.fileExists(atPath: sidecar.path), "off: nothing written")

            try SidecarWriteBackSetting.set(true, in: fixture.store.library)
            try await post("text", [("text", "Boats at dawn")])
            try await post("tags", [("add", "Morning Light")])
            let tags = try Exiftool.read(sidecar)
            XCTAssertEqual(tags["XMP-dc:Description"] as? String, "Boats at dawn")
            XCTAssertEqual(Exiftool.list(tags["XMP-dc:Subject"]).sorted(), ["harbour", "morning-light"])
        }
    }

    func testServeWithWriteSidecarsWritesThemWhileTheSettingIsOff() async throws {
        try Exiftool.skipUnlessInstalled()
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("03-newyork-2021-03.jpg") })
        let sidecar = URL(fileURLWithPath: entry.sourcePath + ".xmp")
        XCTAssertFalse(SidecarWriteBackSetting.isOn(fixture.store.library))
        try await fixture.application {
            $0.port = 0
            $0.writeSidecars = true
        }.test(.live) { client in
            let page = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            let token = try XCTUnwrap(page.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            let status = try await client.execute(
                uri: "/entries/\(entry.id)/text", method: .post, headers: formHeaders + [.origin: "http://localhost"],
                body: formBody([("text", "Written with the flag"), ("csrf", token)])
            ) { $0.status }
            XCTAssertEqual(status, .seeOther)
            XCTAssertEqual(try Exiftool.read(sidecar)["XMP-dc:Description"] as? String, "Written with the flag")
        }
    }
}
