import ArgumentParser
import DaybookCore
import DaybookStore
import Foundation

struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "Entries two devices changed at once (Syncthing's conflict copies), and settling them.",
        discussion: """
            When two devices sharing journal/ through Syncthing change one entry before hearing \
            from each other, Syncthing keeps one version at the file's name ("mine": what this \
            journal shows) and the other beside it as NAME.sync-conflict-DATE-TIME-DEVICE.md \
            ("theirs"). Nothing is lost: `daybook conflicts` lists them, `show ID` prints both \
            texts, and `resolve ID` keeps one or a merge you wrote, then removes the copy.

            Examples:
              daybook conflicts                                   every entry in conflict
              daybook conflicts show 3f2a                         both texts, and what else differs
              daybook conflicts resolve 3f2a --keep theirs        keep the other device's words
              daybook conflicts resolve 3f2a --text-file merged.txt
            """,
        subcommands: [ConflictsList.self, ConflictsShow.self, ConflictsResolve.self],
        defaultSubcommand: ConflictsList.self
    )

    /// The conflicts of the entry `prefix` names (a unique prefix of its id), oldest copy first.
    static func conflicts(idPrefix prefix: String, in library: Library) throws -> [JournalConflict] {
        let all = JournalConflict.all(in: library)
        let prefix = prefix.lowercased()
        let matching = all.filter { ($0.entryID ?? $0.shortID).hasPrefix(prefix) || $0.shortID.hasPrefix(prefix) }
        let ids = Set(matching.map { $0.entryID ?? $0.shortID })
        guard !matching.isEmpty else { throw CommandError(description: "no entry in conflict has an id starting with \(prefix)") }
        guard ids.count == 1 else {
            throw CommandError(description: "\(prefix) names \(ids.count) entries in conflict: give more of the id")
        }
        return matching
    }
}

struct ConflictsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Entries in conflict: date, short id, title, the copy and where it came from.")

    @OptionGroup var options: LibraryOptions

    func run() throws {
        // The files alone: a device whose journal folder arrived by sync and was never indexed
        // still lists what is in it.
        let conflicts = JournalConflict.all(in: options.resolvedLibrary)
        if options.json { return try Console.printJSON(conflicts.map(ConflictOutput.init)) }
        if conflicts.isEmpty { return Console.output("no conflicts") }
        for conflict in conflicts {
            let short = String((conflict.entryID ?? conflict.shortID).prefix(8))
            let day = conflict.copy.original.fileName.prefix(10)
            Console.output(TerminalText("\(day)  \(short)  \(conflict.title)  (\(ConflictOutput.origin(conflict.copy)))"))
        }
        Console.output(TerminalText("daybook conflicts show ID: both texts; daybook conflicts resolve ID --keep mine|theirs"))
    }
}

struct ConflictsShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Both texts of an entry in conflict, and the other values that differ.")

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The entry's id or a unique prefix (`daybook conflicts` lists them).")
    var id: String

    func run() throws {
        let conflicts = try Conflicts.conflicts(idPrefix: id, in: options.resolvedLibrary)
        if options.json { return try Console.printJSON(conflicts.map(ConflictOutput.init)) }
        for conflict in conflicts {
            Console.output(TerminalText("Mine: \(conflict.copy.original), what the journal shows"))
            Self.print(conflict.mine)
            Console.output(TerminalText("Theirs: \(conflict.copy) (\(ConflictOutput.origin(conflict.copy)))"))
            Self.print(conflict.theirs)
            for difference in conflict.differences {
                Console.output(TerminalText("\(difference.field) differs: mine \"\(difference.mine)\", theirs \"\(difference.theirs)\""))
            }
        }
    }

    private static func print(_ side: JournalConflict.Side) {
        switch side {
        case .file(let file):
            Console.outputLines(
                file.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        case .problem(let problem): Console.output(TerminalText("    (does not read as a journal file: \(problem))"))
        case .missing: Console.output("    (no file: deleted on a device)")
        }
    }
}

struct ConflictsResolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Keep one text (or your merge) for an entry in conflict, and remove the conflict copy.",
        discussion: """
            --keep mine keeps the words at the file's name (what the journal shows), --keep \
            theirs the conflict copy's, --text-file F your own merge (- reads standard input). \
            The words are saved as `daybook edit` saves them; tags, date and place stay as the \
            journal shows them (`show` lists where the copy differs). With several copies, the \
            oldest is settled and the rest stay listed.
            """
    )

    enum Keep: String, ExpressibleByArgument, CaseIterable { case mine, theirs }

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The entry's id or a unique prefix (`daybook conflicts` lists them).")
    var id: String

    @Option(help: "Which text to keep: mine (the journal's) or theirs (the conflict copy's).")
    var keep: Keep?

    @Option(help: ArgumentHelp("Keep the words in this file instead (your merge); - reads standard input.", valueName: "file"))
    var textFile: String?

    func validate() throws {
        guard (keep == nil) != (textFile == nil) else { throw ValidationError("Give one of --keep mine|theirs or --text-file FILE.") }
    }

    func run() throws {
        let library = options.resolvedLibrary
        let conflicts = try Conflicts.conflicts(idPrefix: id, in: library)
        let conflict = conflicts[0]
        let choice: ConflictChoice
        switch (keep, textFile) {
        case (.mine?, _): choice = .mine
        case (.theirs?, _): choice = .theirs
        case (nil, let path?):
            let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
            guard let text = String(validating: data, as: UTF8.self) else { throw CommandError(description: "\(path) is not UTF-8 text") }
            choice = .text(text.trimmingCharacters(in: .newlines))
        case (nil, nil): throw ValidationError("Give one of --keep mine|theirs or --text-file FILE.")
        }
        let store = try JournalStore.openExisting(library: library, for: .writing)
        let entry = try store.resolveConflict(conflict, keeping: choice)
        let left = conflicts.count - 1
        if options.json {
            return try Console.printJSON(ResolvedOutput(id: entry.id, removedCopy: conflict.copy.description, copiesLeft: left))
        }
        let more = left == 0 ? "" : "; \(left) more conflict cop\(left == 1 ? "y" : "ies") of it left"
        Console.output(TerminalText("\(entry.shortID): resolved, removed \(conflict.copy.fileName)\(more)"))
    }

    private struct ResolvedOutput: Encodable {
        let id: String
        let removedCopy: String
        let copiesLeft: Int

        enum CodingKeys: String, CodingKey {
            case id
            case removedCopy = "removed_copy"
            case copiesLeft = "copies_left"
        }
    }
}
