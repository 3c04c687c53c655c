import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// The app's files as the server answers them: the manifest the browser installs from, its
/// icons as real PNGs of their sizes, the service worker at the root with its version and
/// `no-cache`, the token route, the share target without a worker, and every page's head.
final class AppRouteTests: XCTestCase {
    func testTheManifestNamesTheAppItsIconsAndTheShareTarget() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let answer = try await client.execute(uri: "/manifest.webmanifest", method: .get) { $0 }
            XCTAssertEqual(answer.status, .ok)
            XCTAssertEqual(answer.headers[.contentType], "application/manifest+json")
            XCTAssertEqual(answer.headers[.cacheControl], "no-cache")
            let manifest = try XCTUnwrap(try answer.json() as? [String: Any])
            XCTAssertEqual(manifest["name"] as? String, "Daybook")
            XCTAssertEqual(manifest["start_url"] as? String, "/")
            XCTAssertEqual(manifest["scope"] as? String, "/")
            XCTAssertEqual(manifest["display"] as? String, "standalone")
            let css = try XCTUnwrap(StaticAssets.file("daybook.css")).text
            let theme = try XCTUnwrap(manifest["theme_color"] as? String)
            let background = try XCTUnwrap(manifest["background_color"] as? String)
            XCTAssertTrue(css.contains("--accent: \(theme);"), "the theme is the stylesheet's accent")
            XCTAssertTrue(css.contains("--paper: \(background);"), "the background is the stylesheet's paper")
            let share = try XCTUnwrap(manifest["share_target"] as? [String: Any])
            XCTAssertEqual(share["action"] as? String, "/share")
            XCTAssertEqual(share["method"] as? String, "POST")
            XCTAssertEqual(share["enctype"] as? String, "multipart/form-data")
            let files = try XCTUnwrap((share["params"] as? [String: Any])?["files"] as? [[String: Any]])
            XCTAssertEqual(files.first?["name"] as? String, "files")
            XCTAssertEqual(files.first?["accept"] as? [String], ["image/*", "video/*"])

            let icons = try XCTUnwrap(manifest["icons"] as? [[String: String]])
            XCTAssertEqual(icons.compactMap { $0["purpose"] }.sorted(), ["any", "any", "maskable"])
            for icon in icons + [["src": "/icons/apple-touch-icon.png", "sizes": "180x180"]] {
                let src = try XCTUnwrap(icon["src"])
                let png = try await client.execute(uri: src, method: .get) { $0 }
                XCTAssertEqual(png.status, .ok, src)
                XCTAssertEqual(png.headers[.contentType], "image/png", src)
                let bytes = [UInt8](Data(buffer: png.body))
                XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(src) is a PNG")
                // The IHDR's width and height, big-endian at bytes 16 and 20.
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                XCTAssertEqual("\(width)x\(height)", icon["sizes"], src)
                let again = try await client.execute(uri: src, method: .get, headers: [.ifNoneMatch: png.headers[.eTag] ?? "-"]) { $0 }
                XCTAssertEqual(again.status, .notModified, src)
            }
            let missing = try await client.execute(uri: "/icons/nothing.png", method: .get) { $0 }
            XCTAssertEqual(missing.status, .notFound)
        }
    }

    func testTheServiceWorkerIsServedFromTheRootWithItsVersion() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let worker = try await client.execute(uri: "/sw.js", method: .get) { $0 }
            XCTAssertEqual(worker.status, .ok)
            XCTAssertEqual(worker.headers[.contentType], "application/javascript; charset=utf-8")
            XCTAssertEqual(worker.headers[.cacheControl], "no-cache")
            XCTAssertFalse(worker.text.contains("__DAYBOOK_VERSION__"))
            XCTAssertTrue(worker.text.contains("const VERSION = \"\(AppFiles.version)\";"), worker.text)
            XCTAssertNotNil(AppFiles.version.firstMatch(of: /^[0-9a-f]{16}$/))
            let csp = try XCTUnwrap(worker.headers[.contentSecurityPolicy])
            XCTAssertTrue(csp.contains("worker-src 'self';") && csp.contains("manifest-src 'self';"), csp)
            XCTAssertFalse(csp.contains("*") || csp.contains("blob:") || csp.contains("unsafe"), csp)

            let offline = try await client.execute(uri: "/offline", method: .get) { $0 }
            XCTAssertEqual(offline.status, .ok)
            XCTAssertTrue(offline.text.contains("not saved on this phone"), offline.text)
            let token = try await client.execute(uri: "/app/csrf", method: .get) { $0 }
            XCTAssertEqual(token.headers[.cacheControl], "no-store")
            let csrf = try XCTUnwrap((try token.json() as? [String: String])?["csrf"])

            // Every page links the app; the pages that read well may be kept for offline. The
            // manifest is asked for with the login's credentials, which a manifest fetch leaves
            // out unless told.
            for uri in ["/", "/new", "/tags", "/offline"] {
                let page = try await client.execute(uri: uri, method: .get) { $0 }
                XCTAssertEqual(page.headers[.cacheControl], "no-cache", uri)
                XCTAssertTrue(page.text.contains(#"<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">"#), uri)
                XCTAssertTrue(page.text.contains(##"<meta name="theme-color" content="#2f6f5e">"##), uri)
                XCTAssertTrue(page.text.contains(#"<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">"#), uri)
                // Named, so that no browser asks for a /favicon.ico there is none of.
                XCTAssertTrue(page.text.contains(#"<link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png">"#), uri)
                XCTAssertTrue(page.text.contains(#"<script src="/static/pwa.js" defer></script>"#), uri)
                XCTAssertTrue(page.text.contains(csrf), "\(uri) carries the token /app/csrf gives")
            }
            let missing = try await client.execute(uri: "/entries/nothing-here", method: .get) { $0 }
            XCTAssertEqual(missing.headers[.cacheControl], "no-store", "an error page is never kept")
        }
    }

    /// Without the service worker the share sheet's POST reaches the server: it is read to its
    /// end (so the phone does not see a broken connection) and answered with the form and a line.
    func testAShareWithoutTheWorkerLandsOnTheFormWithALine() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let boundary = "daybook-boundary"
            var body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.jpg\"\r\n"
            body += "Content-Type: image/jpeg\r\n\r\n" + String(repeating: "x", count: 200_000) + "\r\n--\(boundary)--\r\n"
            let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .origin: "http://localhost"]
            let answer = try await client.execute(uri: "/share", method: .post, headers: headers, body: ByteBuffer(string: body)) { $0 }
            XCTAssertEqual(answer.status, .seeOther)
            XCTAssertEqual(answer.headers[.location], "/new?share=first")
            let form = try await client.execute(uri: "/new?share=first", method: .get) { $0.text }
            XCTAssertTrue(form.contains("open Daybook once on this phone first"), form)
            let plain = try await client.execute(uri: "/new", method: .get) { $0.text }
            XCTAssertFalse(plain.contains("open Daybook once"))

            let foreign = try await client.execute(
                uri: "/share", method: .post, headers: [.contentType: "multipart/form-data; boundary=x", .origin: "http://evil.example"],
                body: ByteBuffer(string: "--x--")
            ) { $0 }
            XCTAssertEqual(foreign.status, .forbidden, "the guard's Origin rule applies")
            let tooBig = ByteBuffer(repeating: 0x61, count: WebJournal.shareDrainLimit + 1)
            let refused = try await client.execute(uri: "/share", method: .post, headers: headers, body: tooBig) { $0 }
            XCTAssertEqual(refused.status, .contentTooLarge)
        }
    }
}
