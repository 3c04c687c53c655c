import DaybookTestSupport
import Foundation
import XCTest

/// What a new user meets first: a mistyped command, a path that is not there, a
/// library that does not exist yet, and one they may read but not write.
final class FirstJourneyTests: XCTestCase, DaybookCommandLineTest {
    var base: URL!
    var library: URL { base.appendingPathComponent("library") }

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-journey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        _ = try? run("/bin/chmod", ["-R", "u+w", base.path])
        try? FileManager.default.removeItem(at: base)
    }

    func testAMistypedCommandSuggestsTheNearestOne() throws {
        let typo = try daybook(["lst"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stdout, "")
        XCTAssertEqual(typo.stderr, "daybook: error: unknown command `lst`: did you mean `list`?\n")
        // Options before the command still move behind it; the suggestion sees the command.
        let swapped = try daybook(["--library", library.path, "serach", "beach"])
        XCTAssertEqual(swapped.stderr, "daybook: error: unknown command `serach`: did you mean `search`?\n")
        XCTAssertEqual(swapped.status, 2)
        let prefix = try daybook(["backfill"])
        XCTAssertEqual(prefix.stderr, "daybook: error: unknown command `backfill`: did you mean `backfill-weather`?\n")
        let nothingClose = try daybook(["photograph"])
        XCTAssertEqual(nothingClose.stderr, "daybook: error: unknown command `photograph`: see `daybook --help` for the commands\n")
        XCTAssertEqual(nothingClose.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path))
    }

    func testIngestOfAMissingPathCreatesNoLibrary() throws {
        let missing = base.appendingPathComponent("no-such-folder").path
        let result = try daybook(["ingest", missing])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "daybook: error: \(missing): no such file or directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "nothing to store, so no library")

        // One readable path among missing ones is a run: the missing one is an error line.
        let photo = Repository.fixtures.appendingPathComponent("corpus/jpg/gps/DSCN0012.jpg").path
        let mixed = try daybook(["ingest", missing, photo])
        XCTAssertEqual(mixed.status, 1)
        XCTAssertTrue(mixed.stdout.hasPrefix("1 new"), mixed.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: library.appendingPathComponent("journal.sqlite").path))
    }

    /// Every command that reads or changes existing entries says there is no journal, in one
    /// line that says what to do, and creates nothing.
    func testCommandsOnNoJournalSaySoAndCreateNothing() throws {
        let expected = "daybook: error: no journal at \(library.path): run `daybook ingest FOLDER` first, or pass --library\n"
        let commands: [[String]] = [
            ["list"], ["search", "beach"], ["show", "abcd"], ["latest"], ["on-this-day"], ["tags"], ["places"],
            ["export", "json", base.appendingPathComponent("out.json").path], ["backfill-weather"], ["retag"],
            ["delete", "abcd", "--yes"], ["edit", "abcd", "--text", "x"], ["tag", "abcd", "--add", "x"],
            ["serve", "--port", "0"],
        ]
        for command in commands {
            let result = try daybook(command)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(command)")
            XCTAssertTrue(result.stderr.hasSuffix(expected), "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(command): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "\(command) created the library")
        }
    }

    /// A library this user cannot write (another user's, here: the tests run as root, which
    /// permissions do not stop, so the commands run as `nobody` through setpriv) is read,
    /// searched, shown and exported; a command that would change it says it is read-only.
    func testAReadOnlyLibraryIsReadAndNotWritten() throws {
        if getuid() == 0 { try moveIntoAFolderAnyoneMayEnter() }
        let photos = Repository.fixtures.appendingPathComponent("corpus/jpg/gps").path
        XCTAssertEqual(try daybook(["ingest", photos]).status, 0)
        let id = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(try daybook(["list", "--json"]).stdout.utf8)) as? [[String: Any]])?
                .first?["id"] as? String)
        try run("/bin/chmod", ["a+rx", base.path])
        try run("/bin/chmod", ["-R", "a+rX,a-w", library.path])
        let before = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted()

        let list = try asAnotherUser(["list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }.count, 7, list.stdout)
        let search = try asAnotherUser(["search", "arezzo", "--json"])
        XCTAssertEqual(search.status, 0, search.stderr)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [Any])?.count, 7)
        let show = try asAnotherUser(["show", String(id.prefix(8))])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains(id), show.stdout)
        let export = try asAnotherUser(["export", "json", "-"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.contains(id))

        let readOnly = "daybook: error: the library at \(library.path) is read-only ("
        let commands = [
            ["tag", String(id.prefix(8)), "--add", "x"], ["delete", String(id.prefix(8)), "--yes"], ["retag"], ["write", "--text", "x"],
        ]
        for command in commands {
            let refused = try asAnotherUser(command)
            XCTAssertEqual(refused.status, 1, "\(command)")
            XCTAssertTrue(refused.stderr.hasPrefix(readOnly), "\(command): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.hasSuffix("): nothing was changed\n"), "\(command): \(refused.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library.path).sorted(), before)

        // Closed cleanly, a journal has no -wal and -shm, and this user cannot make them:
        // it is still read, and they are not made.
        try run("/bin/chmod", ["-R", "u+w", library.path])
        let database = library.appendingPathComponent("journal.sqlite").path
        XCTAssertEqual(try run("/usr/bin/sqlite3", [database, "PRAGMA wal_checkpoint(TRUNCATE);"]), 0)
        try run("/bin/chmod", ["-R", "a+rX,a-w", library.path])
        let closed = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted()
        XCTAssertFalse(closed.contains("journal.sqlite-wal"), "\(closed)")
        let again = try asAnotherUser(["search", "arezzo", "--json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [Any])?.count, 7)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library.path).sorted(), closed)
    }

    /// The copy of daybook that `nobody` runs (`moveIntoAFolderAnyoneMayEnter`).
    private var executableForAnyone: URL?

    /// `nobody` must reach the binary and the library, but the clone may lie in a folder only
    /// its owner may enter (`mktemp -d` makes them 0700), and so may TMPDIR. So this test's
    /// folder is made in /tmp, which anyone may enter, and holds a copy of the binary with
    /// the libraries of the build folder it links (a debug build's, found beside it through
    /// its `$ORIGIN` run path); its other libraries are the system's and the toolchain's.
    private func moveIntoAFolderAnyoneMayEnter() throws {
        try FileManager.default.removeItem(at: base)
        base = URL(fileURLWithPath: "/tmp/daybook-journey-\(UUID().uuidString)")
        let bin = base.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let executable = DaybookProcess.executable
        let copy = bin.appendingPathComponent("daybook")
        try FileManager.default.copyItem(at: executable, to: copy)
        let buildFolder = executable.deletingLastPathComponent().resolvingSymlinksInPath().path + "/"
        for linked in try Self.linkedLibraries(of: executable) where linked.hasPrefix(buildFolder) {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: linked), to: bin.appendingPathComponent((linked as NSString).lastPathComponent))
        }
        XCTAssertEqual(try run("/bin/chmod", ["-R", "a+rX", base.path]), 0)
        executableForAnyone = copy
    }

    /// The shared libraries `ldd` resolves for `executable`, as absolute paths.
    private static func linkedLibraries(of executable: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [executable.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /=> (\/\S+) \(/).map { URL(fileURLWithPath: String($0.output.1)).resolvingSymlinksInPath().path }
        }
    }

    /// Runs daybook as `nobody` when the tests run as root; as anyone else the a-w
    /// permissions already apply.
    private func asAnotherUser(_ arguments: [String]) throws -> DaybookProcess.Run {
        guard getuid() == 0 else { return try daybook(arguments) }
        let executable = try XCTUnwrap(executableForAnyone)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "HOME=/tmp", "TMPDIR=/tmp", "DAYBOOK_WEATHER=none"]
            + [executable.path] + arguments + ["--library", library.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return DaybookProcess.Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: tool), arguments: arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
