import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// What a hostile page or client may try against `POST /uploads`, on a real server: each is
/// answered in one line (or the connection dropped), and the journal and the uploads folder
/// are left exactly as they were.
final class UploadAttackTests: XCTestCase {
    func testForgedLyingOversizedAndCutShortUploadsLeaveNothing() async throws {
        let fixture = try WebFixture()
        let journal = try fixture.journal {
            $0.port = 0
            $0.uploadLimits.stallSeconds = 1
        }
        let token = journal.csrf.value
        let before = try fixture.store.entries().count
        let jpeg = [UInt8](try Data(contentsOf: UploadRouteTests.paris))
        let uploads = fixture.store.library.root.appendingPathComponent("uploads")
        try await journal.application(logger: Logger(label: "t")).test(.live) { client in
            let port = try XCTUnwrap(client.port)
            // A page of another site posting with the user's browser: its Origin gives it away.
            let forged = try await UploadConnection.run {
                try UploadConnection.upload(port: port, jpeg, token: token, more: [("Origin", "http://evil.example")])
            }
            XCTAssertEqual(forged.status, 403, forged.body)
            let tokenless = try await UploadConnection.run { try UploadConnection.upload(port: port, jpeg, token: nil) }
            XCTAssertEqual(tokenless.status, 403)
            XCTAssertTrue(tokenless.body.contains("token"), tokenless.body)

            // A text file named like a photo, sent as one: the bytes say what it is.
            let text = Array("<html>not a photo at all, whatever its name says</html>\n".utf8)
            let lying = try await UploadConnection.run {
                try UploadConnection.upload(port: port, text, name: "holiday.jpg", token: token, more: [("Content-Type", "image/jpeg")])
            }
            XCTAssertEqual(lying.status, 415, lying.body)
            XCTAssertTrue(lying.body.contains("HTML/text"), lying.body)
            XCTAssertEqual(lying.body.split(separator: "\n").count, 1, "one line")

            // 10 GiB announced, a trickle sent: refused at once, before the body.
            let huge = try await UploadConnection.run { () -> (UploadConnection.Reply, Duration) in
                let connection = try UploadConnection(port: port)
                try connection.sendHead(port: port, [("Content-Length", "10737418240"), ("X-Daybook-CSRF", token)])
                try connection.send(Array(jpeg.prefix(10)))
                let clock = ContinuousClock()
                let start = clock.now
                let reply = try connection.reply()
                return (reply, clock.now - start)
            }
            XCTAssertEqual(huge.0.status, 413, huge.0.body)
            XCTAssertTrue(huge.0.body.contains("500 MB"), huge.0.body)
            XCTAssertLessThan(huge.1, .seconds(1), "answered without waiting for the body")

            let badKey = try await UploadConnection.run { try UploadConnection.upload(port: port, jpeg, token: token, key: "../x") }
            XCTAssertEqual(badKey.status, 400, badKey.body)

            // A JPEG's first bytes and then nothing a decoder can read.
            let damaged = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x5A, count: 4000)
            let refused = try await UploadConnection.run { try UploadConnection.upload(port: port, damaged, token: token) }
            XCTAssertEqual(refused.status, 422, refused.body)
            XCTAssertTrue(refused.body.contains("nothing was kept"), refused.body)

            // Half the file, then the phone hangs up.
            try await UploadConnection.run {
                let connection = try UploadConnection(port: port)
                try connection.sendHead(port: port, [("Content-Length", "\(jpeg.count)"), ("X-Daybook-CSRF", token)])
                try connection.send(Array(jpeg.prefix(jpeg.count / 2)))
            }
            // Half the file, then silence: dropped after the stall time.
            let stalled = try await UploadConnection.run { () -> Bool in
                let connection = try UploadConnection(port: port)
                try connection.sendHead(port: port, [("Content-Length", "\(jpeg.count)"), ("X-Daybook-CSRF", token)])
                try connection.send(Array(jpeg.prefix(jpeg.count / 2)))
                return (try? connection.reply()) == nil
            }
            XCTAssertTrue(stalled, "the server closed the stalled connection")
            try await Self.waitUntil { try UploadRouteTests.files(in: uploads) == [".incoming"] }
            XCTAssertEqual(try UploadRouteTests.files(in: uploads), [".incoming"], "no file, temporary or kept")
            XCTAssertEqual(try fixture.store.entries().count, before, "no entry")

            // A name that is a path, with a control character: kept under a safe base name.
            let hostile = try await UploadConnection.run {
                try UploadConnection.upload(port: port, jpeg, name: "..%2F..%2F.bashrc%01.jpg", token: token)
            }
            XCTAssertEqual(hostile.status, 201, hostile.body)
            XCTAssertEqual(try UploadRouteTests.files(in: uploads), [".incoming", "2019/11/bashrc_.jpg"])
        }
    }

    func testAHundredParallelUploadsOfOnePhotoMakeOneEntry() async throws {
        let fixture = try WebFixture()
        let journal = try fixture.journal { $0.port = 0 }
        let token = journal.csrf.value
        let before = try fixture.store.entries().count
        let heic = [UInt8](try Data(contentsOf: UploadRouteTests.reykjavik))
        let uploads = fixture.store.library.root.appendingPathComponent("uploads")
        try await journal.application(logger: Logger(label: "t")).test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let replies = try await withThrowingTaskGroup(of: UploadConnection.Reply.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        try await UploadConnection.run {
                            try UploadConnection.upload(port: port, heic, name: "IMG_\(index).HEIC", token: token, key: "parallel-\(index)")
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(replies.count, 100)
            XCTAssertEqual(Set(replies.compactMap(\.entry)).count, 1, replies.map(\.body).joined())
            XCTAssertEqual(replies.filter { $0.status == 201 }.count, 1)
            XCTAssertEqual(replies.filter { $0.status == 200 }.count, 99)
            XCTAssertEqual(try fixture.store.entries().count, before + 1)
            let kept = try UploadRouteTests.files(in: uploads)
            XCTAssertEqual(kept.count, 2, "one file and the empty .incoming/: \(kept)")
        }
    }

    static func waitUntil(_ condition: () throws -> Bool) async throws {
        for _ in 0..<100 where !(try condition()) { try await Task.sleep(for: .milliseconds(50)) }
    }
}
