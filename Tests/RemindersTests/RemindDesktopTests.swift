import DaybookTestSupport
import Foundation
import XCTest

/// `daybook remind` on the desktop: a private session bus (dbus-daemon) with a notification
/// server of the test's own (Tests/Fixtures/reminders/notification_server.py) that records
/// every Notify call.
final class RemindDesktopTests: XCTestCase {
    /// A session bus and its notification server, until the test ends.
    private final class SessionBus {
        let address: String
        let notes: URL
        private let daemon: Tool
        private let server: Tool

        init() throws {
            let python = "/usr/bin/python3"
            let check = try Tool.run(python, ["-c", "import dbus, gi"])
            try XCTSkipUnless(check.status == 0, "python3-dbus and python3-gi are not installed (scripts/setup.sh installs them)")
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), "dbus-daemon is not installed")
            daemon = try Tool("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
            address = try daemon.firstLine()
            notes = try TemporaryFolder.make("notes").appendingPathComponent("notes.jsonl")
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            let script = Repository.fixtures.appendingPathComponent("reminders/notification_server.py").path
            server = try Tool(python, [script, notes.path], environment: environment)
            XCTAssertEqual(try server.firstLine(), "ready")
        }

        deinit {
            server.stop()
            daemon.stop()
        }

        func received() throws -> [[String: Any]] {
            guard let data = FileManager.default.contents(atPath: notes.path) else { return [] }
            return try data.split(separator: UInt8(ascii: "\n")).map {
                try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
            }
        }
    }

    func testTheNotificationCarriesTheSubjectEachYearAndAThumbnailThroughNotifySendThenGdbus() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send"), "libnotify-bin is not installed")
        let library = try RemindLibrary.make()
        let bus = try SessionBus()
        let saved = try DaybookProcess.run(["remind", "--desktop", "on"], library: library)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let sent = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library, environment: environment)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertTrue(sent.stdout.contains("desktop: sent through notify-send"), sent.stdout)
        var notes = try bus.received()
        XCTAssertEqual(notes.count, 1)
        let note = try XCTUnwrap(notes.first)
        XCTAssertEqual(note["app_name"] as? String, "Daybook")
        XCTAssertEqual(note["summary"] as? String, "On this day: 3 years ago, and 2 more years")
        let body = try XCTUnwrap(note["body"] as? String)
        let lines = body.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, body)
        XCTAssertEqual(lines.first, "3 years ago: 1 text")
        XCTAssertTrue(lines[1].hasPrefix("5 years ago, in ") && lines[1].hasSuffix(": 2 photos"), body)
        XCTAssertEqual(lines.last, "7 years ago, in Paris: 1 photo")
        let icon = try XCTUnwrap(note["app_icon"] as? String)
        XCTAssertTrue(icon.hasPrefix(library.appendingPathComponent("thumbnails").path + "/"), icon)
        XCTAssertTrue(FileManager.default.fileExists(atPath: icon), icon)

        // Without notify-send, gdbus makes the same call.
        let tools = try TemporaryFolder.make("tools")
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("gdbus"), withDestinationURL: URL(fileURLWithPath: "/usr/bin/gdbus"))
        let again = try DaybookProcess.run(
            ["remind", "--date", RemindLibrary.day, "--again"], library: library,
            environment: environment.merging(["PATH": tools.path]) { $1 })
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("desktop: sent through gdbus"), again.stdout)
        notes = try bus.received()
        XCTAssertEqual(notes.count, 2)
        for key in ["app_name", "summary", "body", "app_icon"] {
            XCTAssertEqual(notes.last?[key] as? String, note[key] as? String, key)
        }
    }

    func testWithoutASessionBusTheDesktopFailsClearlyAndTheMailStillGoes() throws {
        let library = try RemindLibrary.make()
        let server = try MailServer()
        let saved = try DaybookProcess.run(
            [
                "remind", "--desktop", "on", "--mail-to", "ana@example.org", "--mail-from", "daybook@example.org", "--smtp",
                server.url, "--smtp-ca-file", server.certificate.path,
            ], library: library)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let run = try DaybookProcess.run(
            ["remind", "--date", RemindLibrary.day], library: library,
            environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("mail: sent to ana@example.org"), run.stdout)
        XCTAssertEqual(
            run.stderr.split(separator: "\n").map(String.init),
            [
                "daybook: desktop not sent: no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no "
                    + "$XDG_RUNTIME_DIR/bus; desktop reminders need a logged-in desktop session (the next run tries again)"
            ])
        XCTAssertEqual(try server.received().count, 1)
        // The next run sends only what failed.
        let next = try DaybookProcess.run(
            ["remind", "--date", RemindLibrary.day], library: library,
            environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"])
        XCTAssertEqual(next.status, 1)
        XCTAssertTrue(next.stdout.contains("mail: today's reminder was sent at"), next.stdout)
        XCTAssertEqual(try server.received().count, 1)
    }
}
