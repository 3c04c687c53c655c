import Foundation
import XCTest

/// exiftool (Debian's libimage-exiftool-perl, installed by scripts/setup.sh) as the second
/// reader and writer of sidecars: what it reads of Daybook's files, and files it writes the
/// way other photo tools do.
public enum Exiftool {
    public static let path = "/usr/bin/exiftool"

    public static func skipUnlessInstalled() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: path), "exiftool is not installed (scripts/setup.sh installs it)")
    }

    /// `exiftool -json -G1 [-n] FILE`: every tag it reads, by group and name.
    public static func read(_ file: URL, numbers: Bool = false) throws -> [String: Any] {
        let output = try run(["-json", "-G1"] + (numbers ? ["-n"] : []) + [file.path])
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return try XCTUnwrap(list.first)
    }

    /// Runs exiftool with `arguments`; its standard output, or a failure with its errors.
    @discardableResult
    public static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let run = try DaybookProcess.start(process, input: nil).finish()
        guard run.status == 0 else {
            throw Failure(description: "exiftool \(arguments.joined(separator: " ")) failed (\(run.status)): \(run.stderr)")
        }
        return run.stdout
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a tag that exiftool gives as one value or a list, as a list.
    public static func list(_ value: Any?) -> [String] {
        if let values = value as? [Any] { return values.map { "\($0)" } }
        return value.map { ["\($0)"] } ?? []
    }
}
