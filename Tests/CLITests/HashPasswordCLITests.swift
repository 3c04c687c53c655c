import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

/// `daybook serve --hash-password` on a terminal: `script` gives it one, whose screen is
/// what `script` writes out, so a password shown by the terminal's echo would be there.
final class HashPasswordCLITests: XCTestCase {
    static let password = "Phone-On-The-Sofa"

    func testOnATerminalThePasswordIsTypedTwiceUnseen() throws {
        let session = try TerminalSession("\"$DAYBOOK_BIN\" serve --hash-password; stty -a")
        try session.waitFor("Password: ")
        session.type(Self.password + "\n")
        try session.waitFor("The same password again: ")
        session.type(Self.password + "\n")
        let (status, screen) = try session.finish()
        XCTAssertEqual(status, 0, screen)
        XCTAssertFalse(screen.contains(Self.password), screen)
        XCTAssertNotNil(screen.firstMatch(of: /\$2b\$12\$[.\/A-Za-z0-9]{53}\s/), screen)
        XCTAssertTrue(Self.echoes(screen), "the terminal's echo is back on: \(screen)")
    }

    func testTwoDifferentPasswordsAreRefusedWithOneLine() throws {
        let session = try TerminalSession("\"$DAYBOOK_BIN\" serve --hash-password; echo status=$?; stty -a")
        try session.waitFor("Password: ")
        session.type(Self.password + "\n")
        try session.waitFor("again: ")
        session.type("Phone-On-The-Sofx\n")
        let (_, screen) = try session.finish()
        XCTAssertTrue(
            screen.contains("daybook: error: the two passwords differ: nothing was written; run --hash-password again\r\nstatus=1"),
            screen)
        XCTAssertNil(screen.firstMatch(of: /\$2b\$/), screen)
        XCTAssertFalse(screen.contains("Phone-On-The-So"), screen)
        XCTAssertTrue(Self.echoes(screen), screen)
    }

    /// Ctrl-C at the prompt: daybook dies of SIGINT as usual, and the terminal echoes again.
    func testCtrlCAtThePromptGivesTheTerminalBack() throws {
        let session = try TerminalSession("trap : INT; \"$DAYBOOK_BIN\" serve --hash-password; echo status=$?; stty -a")
        try session.waitFor("Password: ")
        session.type("half-typ\u{03}")
        let (_, screen) = try session.finish()
        XCTAssertTrue(screen.contains("status=130"), screen)
        XCTAssertFalse(screen.contains("half-typ"), screen)
        XCTAssertTrue(Self.echoes(screen), screen)
    }

    /// Whether `stty -a`'s settings, the last on the screen, have echo on.
    static func echoes(_ screen: String) -> Bool {
        let settings = screen.components(separatedBy: .whitespacesAndNewlines)
        return settings.contains("echo") && !settings.contains("-echo")
    }
}

/// A shell command run by `script` on a terminal of its own: what is typed goes to the
/// terminal, and `screen` is everything the terminal showed.
final class TerminalSession: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let shown = Mutex(Data())

    init(_ command: String) throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { throw XCTSkip("no /usr/bin/script here") }
        process.executableURL = script
        process.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_BIN"] = DaybookProcess.executable.path
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            shown.withLock { $0.append(data) }
        }
        try process.run()
    }

    var screen: String { shown.withLock { String(decoding: $0, as: UTF8.self) } }

    func waitFor(_ text: String, seconds: Double = 60) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !screen.contains(text) {
            guard Date() < deadline else { throw NeverShown(description: "never saw \(text.debugDescription): \(screen)") }
            usleep(20_000)
        }
    }

    struct NeverShown: Error, CustomStringConvertible {
        let description: String
    }

    func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Waits for the command to end; its status and the whole screen.
    func finish() throws -> (Int32, String) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        usleep(100_000)
        return (process.terminationStatus, screen)
    }
}
