import DaybookTestSupport
import Foundation
import XCTest

extension TwoDevicesTests {
    func run(_ library: URL, _ arguments: String...) throws -> DaybookProcess.Run {
        let run = try daybook(arguments, library: library)
        XCTAssertEqual(run.status, 0, "daybook \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    /// Writes an entry on `library`; its id and its journal file's path.
    func write(_ text: String, on library: URL, tags: [String] = []) throws -> (id: String, path: String) {
        let run = try run(library, ["write", "--text", text, "--date", "2026-11-29 10:00:00", "--json"] + tags.flatMap { ["--tag", $0] })
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        return (try XCTUnwrap(object["id"] as? String), try XCTUnwrap(object["source_path"] as? String))
    }

    func run(_ library: URL, _ arguments: [String]) throws -> DaybookProcess.Run {
        let run = try daybook(arguments, library: library)
        XCTAssertEqual(run.status, 0, "daybook \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    /// Waits (at most `timeout` s) until `condition` holds; otherwise fails with what each
    /// journal folder held and the end of both Syncthings' logs.
    func waitFor(_ what: String, timeout: Double = 60, _ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        if poll(timeout: timeout, condition) { return true }
        let seen = [libraryA, libraryB].map { "\($0.lastPathComponent): \(journalNames(in: $0))" }.joined(separator: "\n")
        let logs = [deviceA!, deviceB!].map { "syncthing \($0.name):\n\($0.log.split(separator: "\n").suffix(15).joined(separator: "\n"))" }
        XCTFail("waited \(Int(timeout)) s for \(what); seen:\n\(seen)\n\(logs.joined(separator: "\n"))", file: file, line: line)
        return false
    }

    func journalNames(in library: URL) -> [String] {
        let journal = library.appendingPathComponent("journal")
        return (FileManager.default.subpaths(atPath: journal.path) ?? []).filter { !$0.hasPrefix(".stfolder") }.sorted()
    }

    func bytes(_ library: URL, _ path: String) -> Data? { FileManager.default.contents(atPath: library.appendingPathComponent(path).path) }

    func json(_ library: URL, _ arguments: String...) throws -> Any {
        let run = try run(library, arguments + ["--json"])
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    }

    func listedIDs(_ library: URL) -> [String] {
        let listed = (try? json(library, "list")) as? [[String: Any]] ?? []
        return listed.compactMap { $0["id"] as? String }
    }

    /// B's `daybook watch` on its photos folder: it indexes journal files as they arrive.
    func startWatchOnB() throws {
        watchB = try DaybookProcess.start(["watch", libraryB.appendingPathComponent("photos").path], library: libraryB)
    }
}
