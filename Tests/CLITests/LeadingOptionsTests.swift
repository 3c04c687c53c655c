import ArgumentParser
import DaybookTestSupport
import Foundation
import XCTest

@testable import daybook

/// `--library` and `--json` before the command name mean what they mean after it, for every
/// command and every subcommand of a group (`daybook --library DIR stack show ID`).
final class LeadingOptionsTests: XCTestCase {
    /// What each command needs besides the options to parse; a command missing here fails the
    /// test, so a new one is covered as soon as it is added.
    private static let arguments: [String: [String]] = [
        "ingest": ["photos"], "list": [], "search": ["beach"], "show": ["3f2a"], "on-this-day": [], "remind": [], "latest": [],
        "edit": ["3f2a", "--text", "x"], "tag": ["3f2a", "--add", "x"], "tags": [], "places": [], "retag": [],
        "stack show": ["3f2a"], "stack cover": ["3f2a"], "stack split": ["3f2a"], "stack rebuild": [], "duplicates": [],
        "delete": ["3f2a", "--yes"], "export": ["json", "-"], "import": ["journal.json"], "backfill-weather": [],
        "watch": [FileManager.default.temporaryDirectory.path], "serve": [], "write": ["--text", "x"],
        "photo attach": ["3f2a", "9c1e"], "photo replace": ["3f2a", "9c1e"], "photo detach": ["3f2a"],
        "trash list": [], "trash restore": ["3f2a"], "trash empty": ["--older-than", "0"],
        "sidecars": ["status"], "rebuild": [], "conflicts list": [], "conflicts show": ["3f2a"],
        "conflicts resolve": ["3f2a", "--keep", "mine"], "problems": [], "refine": [],
    ]

    /// Each command's path from the root: ["list"], ["stack", "show"], …
    private static func paths(_ commands: [any ParsableCommand.Type], under parent: [String] = []) -> [[String]] {
        commands.flatMap { command -> [[String]] in
            let path = parent + [command._commandName]
            let subcommands = command.configuration.subcommands
            return subcommands.isEmpty ? [path] : paths(subcommands, under: path)
        }
    }

    func testLeadingOptionsParseAsTheSameOptionsAfterTheCommand() throws {
        let paths = Self.paths(Daybook.configuration.subcommands)
        XCTAssertTrue(paths.contains(["stack", "show"]), "\(paths)")
        XCTAssertEqual(Set(paths.map { $0.joined(separator: " ") }), Set(Self.arguments.keys), "a command without arguments in the table")
        let library = "/srv/journal"
        let optionSets = [["--library", library], ["--library=\(library)"], ["--json"], ["--json", "--library", library]]
        var parsedWithJSON = 0
        for path in paths {
            let rest = Self.arguments[path.joined(separator: " ")] ?? []
            for options in optionSets {
                let leading = LeadingOptions.reordered(options + path + rest, commands: Daybook.configuration.subcommands)
                let trailing = path + options + rest
                XCTAssertEqual(leading, trailing, "\(options) \(path)")
                // The trailing form is what ArgumentParser takes; where it refuses an option
                // (`watch` and `serve` print logs, not JSON), the leading form is refused alike.
                guard let command = try? Daybook.parseAsRoot(trailing) else {
                    XCTAssertTrue(options.contains("--json") && ["watch", "serve"].contains(path[0]), "\(trailing) does not parse")
                    continue
                }
                let parsed = try XCTUnwrap(Self.libraryOptions(in: command), "\(path) takes no LibraryOptions")
                XCTAssertEqual(parsed.library, options.contains { $0.contains("--library") } ? library : nil, "\(options) \(path)")
                XCTAssertEqual(parsed.json, options.contains("--json"), "\(options) \(path)")
                if parsed.json { parsedWithJSON += 1 }
            }
        }
        XCTAssertGreaterThan(parsedWithJSON, 30)
    }

    func testOnlyTheLeadingOptionsMoveAndAGroupAloneTakesNone() {
        let commands = Daybook.configuration.subcommands
        XCTAssertEqual(LeadingOptions.reordered(["stack", "show", "3f2a"], commands: commands), ["stack", "show", "3f2a"])
        XCTAssertEqual(
            LeadingOptions.reordered(["--library", "L", "stack", "show", "3f2a", "--json"], commands: commands),
            ["stack", "show", "--library", "L", "3f2a", "--json"])
        // `stack` alone prints its help; a mistyped subcommand is what ArgumentParser explains.
        XCTAssertEqual(LeadingOptions.reordered(["--library", "L", "stack"], commands: commands), ["stack"])
        XCTAssertEqual(LeadingOptions.reordered(["--json", "stack", "shwo", "3f2a"], commands: commands), ["stack", "shwo", "3f2a"])
        // An unknown command stays first, for the suggestion.
        XCTAssertEqual(LeadingOptions.reordered(["--json", "lst"], commands: commands), ["lst", "--json"])
        XCTAssertEqual(LeadingOptions.reordered(["--library", "L", "help", "stack"], commands: commands), ["help", "stack"])
        XCTAssertEqual(LeadingOptions.reordered(["--version"], commands: commands), ["--version"])
        // `trash` alone lists the trash, which reads the library.
        XCTAssertEqual(LeadingOptions.reordered(["--json", "trash"], commands: commands), ["trash", "--json"])
    }

    /// The real binary, on a real stack: the library named before `stack` is the one used
    /// (the environment names another, which does not exist).
    func testStackSubcommandsTakeTheLibraryBeforeTheCommand() throws {
        let base = try TemporaryFolder.make("daybook-leading-options")
        defer { try? FileManager.default.removeItem(at: base) }
        let library = base.appendingPathComponent("library").path
        let elsewhere = base.appendingPathComponent("not-this-one")
        let photos = base.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: photos.appendingPathComponent(name))
        }
        func daybook(_ arguments: String...) throws -> DaybookProcess.Run {
            try DaybookProcess.run(["--library", library] + arguments, library: elsewhere)
        }
        XCTAssertEqual(try daybook("ingest", photos.path).status, 0)
        let listed = try daybook("--json", "list")
        let ids = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["id"] as? String },
            listed.stderr)
        XCTAssertEqual(ids.count, 3)
        let id = String(ids[0].prefix(8))

        let shown = try daybook("--json", "stack", "show", id)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let stack = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(stack["size"] as? Int, 3)
        let cover = try daybook("stack", "cover", id)
        XCTAssertEqual(cover.status, 0, cover.stderr)
        XCTAssertEqual(cover.stdout, "\(id) is now the cover of its stack of 3 frames\n")
        let rebuild = try daybook("--json", "stack", "rebuild")
        XCTAssertEqual(rebuild.status, 0, rebuild.stderr)
        XCTAssertTrue(rebuild.stdout.hasPrefix("{"), rebuild.stdout)
        let split = try daybook("stack", "split", id)
        XCTAssertEqual(split.status, 0, split.stderr)
        XCTAssertTrue(split.stdout.hasPrefix("split a stack of 3 frames"), split.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.path), "the environment's library was not used")
    }

    /// The `LibraryOptions` a parsed command holds, wherever its property wrappers keep them.
    private static func libraryOptions(in value: Any, depth: Int = 0) -> LibraryOptions? {
        if let options = value as? LibraryOptions { return options }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let options = libraryOptions(in: child.value, depth: depth + 1) { return options }
        }
        return nil
    }
}
