import DaybookTestSupport
import Foundation
import XCTest

/// A library with entries on 14 July of three earlier years, made by the real `daybook`:
/// Paris in 2019, New York and the Dead Sea in 2021 (the sample photos, their dates moved by
/// exiftool), and words alone in 2023 whose text holds HTML's special characters.
enum RemindLibrary {
    static let day = "2026-07-14"
    static let words = "Lunch <b>& friends</b> at \"Tasca\""

    static func make() throws -> URL {
        try Exiftool.skipUnlessInstalled()
        let root = try TemporaryFolder.make("remind")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let samples = Repository.sampleSquares
        try FileManager.default.copyItem(
            at: samples.appendingPathComponent("01-paris-2019-07.jpg"), to: photos.appendingPathComponent("paris.jpg"))
        for (name, time) in [("03-newyork-2021-03.jpg", "18:45:00"), ("07-deadsea-2022-06.jpg", "14:00:00")] {
            let copy = photos.appendingPathComponent(name)
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: copy)
            try Exiftool.run(["-overwrite_original", "-DateTimeOriginal=2021:07:14 \(time)", copy.path])
        }
        let library = root.appendingPathComponent("library")
        let ingest = try DaybookProcess.run(["ingest", photos.path], library: library)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let write = try DaybookProcess.run(["write", "--date", "2023-07-14 12:00", "--text", words], library: library)
        XCTAssertEqual(write.status, 0, write.stderr)
        return library
    }

    /// SHA-256 of each thumbnail file of the library.
    static func thumbnailDigests(_ library: URL) throws -> Set<String> {
        let folder = library.appendingPathComponent("thumbnails")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }
        return Set(try names.map { try sha256(folder.appendingPathComponent($0)) })
    }

    static func sha256(_ file: URL) throws -> String {
        let run = try Tool.run("/usr/bin/sha256sum", [file.path])
        return String(run.stdout.prefix { $0 != " " })
    }
}

/// A program the tests run beside `daybook`: a server started and stopped by the test, or a
/// tool run to its end.
final class Tool: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `path arguments`; `ready` waits for its first line on standard output.
    init(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The first line it prints, or a failure with what it said on standard error.
    func firstLine(timeout: TimeInterval = 20) throws -> String {
        nonisolated(unsafe) var line = ""
        let done = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        DispatchQueue.global().async {
            var bytes = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes += chunk
                if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    line = String(decoding: bytes[..<end], as: UTF8.self)
                    break
                }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success, !line.isEmpty else {
            stop()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw XCTSkip("\(process.executableURL!.path) did not start: \(said)")
        }
        return line
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> DaybookProcess.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        return try DaybookProcess.start(process, input: nil).finish()
    }
}

/// The loopback SMTP server (Tests/Fixtures/reminders/smtp_server.py): STARTTLS with a
/// certificate made for the test, a login, each message saved with what Python's email
/// package reads of it.
final class MailServer {
    static let user = "ana"
    static let password = "s3cret pass"

    let folder: URL
    let certificate: URL
    let port: Int
    private let tool: Tool

    init() throws {
        let python = "/usr/bin/python3"
        let check = try Tool.run(python, ["-c", "import aiosmtpd"])
        try XCTSkipUnless(check.status == 0, "python3-aiosmtpd is not installed (scripts/setup.sh installs it)")
        let root = try TemporaryFolder.make("smtp")
        folder = root.appendingPathComponent("received")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        certificate = root.appendingPathComponent("cert.pem")
        let key = root.appendingPathComponent("key.pem")
        let made = try Tool.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path, "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ])
        XCTAssertEqual(made.status, 0, made.stderr)
        let script = Repository.fixtures.appendingPathComponent("reminders/smtp_server.py").path
        tool = try Tool(python, [script, certificate.path, key.path, Self.user, Self.password, folder.path])
        let line = try tool.firstLine()
        port = Int(line.split(separator: " ").last ?? "") ?? 0
    }

    deinit { tool.stop() }

    var url: String { "smtp://127.0.0.1:\(port)" }

    /// The messages received so far, in order: what Python's email package read of each.
    func received() throws -> [[String: Any]] {
        var messages: [[String: Any]] = []
        var index = 1
        while let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(index).json").path) {
            messages.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
            index += 1
        }
        return messages
    }
}
