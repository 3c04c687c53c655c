import ArgumentParser
import DaybookCore
import DaybookStore
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a `daybook export json` file into an empty library.",
        discussion: """
            The whole file is checked first (ids, content hashes, thumbnail names and bytes, \
            every field's type and range): a refused file imports nothing and writes no file. \
            Everything is then restored in one transaction: a failed import leaves the library empty.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The JSON file written by `daybook export json`.")
    var file: String

    func run() throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CommandError.cannotRead(file, error)
        }
        // The whole file is checked before the library is even opened: a refused file writes nothing.
        let archive: JournalArchive
        do { archive = try JournalArchive.decodeAndValidate(data) } catch {
            throw CommandError.refused(file, error)
        }
        let store = try JournalStore(library: options.resolvedLibrary)
        let count = try store.importArchive(archive)
        if options.json { return try Console.printJSON(["imported": count]) }
        Console.output("imported \(count) entries")
    }
}
