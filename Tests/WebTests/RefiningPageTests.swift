import DaybookStore
import DaybookTestSupport
import Foundation
import HummingbirdTesting
import XCTest

/// While entries show a first look, the timeline says how far their full-quality thumbnails
/// are, and a first look is never kept by a browser; `serve` makes them in the background.
final class RefiningPageTests: XCTestCase {
    func testTheTimelineShowsTheQueueAndFirstLooksAreNotKept() async throws {
        let fixture = try WebFixture()
        let entries = try fixture.store.entries()
        for entry in entries.prefix(3) { try fixture.store.queueRefinement(entryID: entry.id) }
        let batch = try fixture.store.refinementBatch(after: 0, limit: 1)
        try fixture.store.keepFirstLook(try XCTUnwrap(batch.first))
        let queued = try XCTUnwrap(entries[1].thumbnail), finished = try XCTUnwrap(entries[5].thumbnail)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertTrue(
                    response.text.contains(
                        """
                        <p class="refining"><label>Making full-quality thumbnails: 1 of 3 \
                        <progress value="1" max="3">1</progress></label></p>
                        """), response.text)
            }
            try await client.execute(uri: "/?month=2021-12", method: .get) { response in
                XCTAssertFalse(response.text.contains("refining"), "only the first page says it")
            }
            try await client.execute(uri: "/thumbnails/\(queued)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.cacheControl], "no-store")
                XCTAssertNil(response.headers[.eTag])
            }
            try await client.execute(uri: "/thumbnails/\(finished)", method: .get) { response in
                XCTAssertEqual(response.headers[.cacheControl], "public, max-age=31536000, immutable")
            }
        }
    }

    func testServeMakesTheFullThumbnailsInTheBackground() throws {
        let root = try temporaryFolder("daybook-serve-refine")
        let library = root.appendingPathComponent("library")
        let made = try DaybookProcess.run(["ingest", "--thumbnail-size", "40", Repository.sampleSquares.path], library: library)
        XCTAssertEqual(made.status, 0, made.stderr)
        let store = try JournalStore(library: Library(root: library))
        let entries = try store.entries()
        for entry in entries { try store.queueRefinement(entryID: entry.id) }
        // Held here, the refiner's lock keeps the server from starting before the first look.
        var held = try RefinerLock.take(store.library)
        XCTAssertNotNil(held)

        let serve = try DaybookChild(["serve", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("serve.log"))
        addTeardownBlock { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at http://127\.0\.0\.1:(\d+)//#, timeout: 60), serve.log)
        let port = try XCTUnwrap(Int(served))
        let page = try RawHTTP.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", address: "127.0.0.1", port: port)
        XCTAssertTrue(page.contains("Making full-quality thumbnails: 0 of \(entries.count) <progress"), page)

        held = nil
        let deadline = Date().addingTimeInterval(120)
        while try store.refinementCounts().waiting > 0 && Date() < deadline { usleep(50_000) }
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts(), serve.log)
        for entry in try store.entries() {
            XCTAssertEqual(max(entry.thumbnailWidth ?? 0, entry.thumbnailHeight ?? 0), 400, entry.sourcePath)
        }
        let after = try RawHTTP.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", address: "127.0.0.1", port: port)
        XCTAssertFalse(after.contains("refining"), after)
        XCTAssertEqual(serve.stop(), 0, serve.log)
    }
}
