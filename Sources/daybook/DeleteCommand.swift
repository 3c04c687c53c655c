import ArgumentParser
import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete entries into the trash, with their tags, weather and thumbnails.",
        discussion: """
            The photos themselves are not touched, and later ingests leave them out. The words and \
            tags stay in the trash (`daybook trash`) until it is emptied; `daybook trash restore ID` \
            brings an entry back. Asks for confirmation unless --yes; without a terminal, --yes is required.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "Entry ids or unique prefixes.")
    var ids: [String]

    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
    var yes = false

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("Give at least one entry id.") }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let entries = try ids.map { try store.entry(idPrefix: $0) }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                Console.error("refusing to delete without confirmation: no terminal to ask on (use --yes)")
                throw ExitCode(2)
            }
            for entry in entries { Console.writeError("  \(ListLine.text(ListedEntry(entry, annotations: nil)))") }
            Console.prompt("Delete \(entries.count) entr\(entries.count == 1 ? "y" : "ies")? [y/N] ")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                Console.writeError("daybook: nothing deleted")
                return
            }
        }
        let deleted = try store.delete(entryIDs: Array(Set(entries.map(\.id))))
        if options.json { return try Console.printJSON(["deleted": deleted.map(\.id).sorted()]) }
        Console.output("deleted \(deleted.count) entr\(deleted.count == 1 ? "y" : "ies")")
    }
}
