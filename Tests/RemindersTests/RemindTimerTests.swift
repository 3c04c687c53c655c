import DaybookTestSupport
import Foundation
import XCTest

/// `daybook remind --install-timer`: the units it writes pass `systemd-analyze verify`, and
/// where no user manager answers (as here) it says what to do instead.
final class RemindTimerTests: XCTestCase {
    func testTheTimerAndServiceAreWrittenVerifiedAndExplainedWithoutAUserManager() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd is not installed")
        let library = try RemindLibrary.make()
        let home = try TemporaryFolder.make("home with space")
        let config = home.appendingPathComponent(".config")
        let saved = try DaybookProcess.run(["remind", "--time", "07:45", "--desktop", "on"], library: library)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let install = try DaybookProcess.run(
            ["remind", "--install-timer"], library: library,
            environment: ["XDG_CONFIG_HOME": config.path, "HOME": home.path, "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": ""])
        let units = config.appendingPathComponent("systemd/user")
        let timer = try String(contentsOf: units.appendingPathComponent("daybook-remind.timer"), encoding: .utf8)
        let service = try String(contentsOf: units.appendingPathComponent("daybook-remind.service"), encoding: .utf8)
        XCTAssertTrue(timer.contains("\nOnCalendar=*-*-* 07:45:00\n"), timer)
        XCTAssertTrue(timer.contains("\nPersistent=true\n"), timer)
        XCTAssertTrue(service.contains(" remind --library \"\(library.path)\"\n"), service)
        if install.status != 0 {
            // No user manager in this container: one line that says how to enable it.
            XCTAssertTrue(install.stderr.contains("systemctl --user enable --now daybook-remind.timer"), install.stderr)
            XCTAssertTrue(install.stderr.contains("cron"), install.stderr)
        }

        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let verify = try Tool.run(
            "/usr/bin/systemd-analyze",
            [
                "verify", "--user", units.appendingPathComponent("daybook-remind.timer").path,
                units.appendingPathComponent("daybook-remind.service").path,
            ],
            environment: ["HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertEqual(verify.stdout + verify.stderr, "", "systemd-analyze has nothing to say of the units")
    }
}
