import DaybookTestSupport
import Foundation
import XCTest

/// A program of the system (openssl, curl) run to its end: its status and what it printed.
enum ExternalTool {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    static func run(_ name: String, _ arguments: [String], input: Data? = nil) throws -> Run {
        let path = name == "sh" ? "/bin/sh" : "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("\(name) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let run = try DaybookProcess.start(process, input: input).finish()
        return Run(status: run.status, output: run.stdout, errors: run.stderr)
    }

    /// `openssl`'s output; fails the test when it exits non-zero.
    static func openssl(_ arguments: [String], input: Data? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try run("openssl", arguments, input: input)
        XCTAssertEqual(run.status, 0, "openssl \(arguments.joined(separator: " ")): \(run.errors)", file: file, line: line)
        return run.output
    }

    /// The base64 SHA-256 of a PEM certificate's public key (SubjectPublicKeyInfo), as
    /// Chromium's `--ignore-certificate-errors-spki-list` takes it.
    static func spkiHash(certificate: URL) throws -> String {
        // Binary through String would mangle bytes: hash in one shell pipeline instead.
        let pipeline = try run(
            "sh",
            [
                "-c", "openssl x509 -in \"$0\" -noout -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64",
                certificate.path,
            ])
        return pipeline.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
