import ArgumentParser
import DaybookCore
import DaybookStore
import Foundation

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an entry's text, date or tags.",
        discussion: """
            --editor opens the text in $VISUAL or $EDITOR (else vi), as git does; saving an \
            unchanged text changes nothing. A new --date is the local time as the camera \
            would have written it; the entry keeps its UTC offset and its weather is fetched \
            again for the new time.

            Examples:
              daybook edit 3f2a --text "Lunch by the river"
              daybook edit 3f2a --editor
              daybook edit 3f2a --date "2024-05-17 12:30" --add-tag lunch
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "Entry id or unique prefix.")
    var id: String

    @Option(name: .long, help: "New text.")
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Read the new text from a file ('-' for standard input).", valueName: "file"))
    var textFile: String?

    @Flag(name: .long, help: "Edit the text in $VISUAL / $EDITOR.")
    var editor = false

    @Option(name: .long, help: ArgumentHelp("New capture date: YYYY-MM-DD, 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DD HH:MM:SS'.", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Tag to add (repeatable).", valueName: "tag"))
    var addTag: [String] = []

    @Option(name: .long, help: ArgumentHelp("Tag to remove (repeatable).", valueName: "tag"))
    var removeTag: [String] = []

    func validate() throws {
        let sources = [text != nil, textFile != nil, editor].filter { $0 }.count
        guard sources <= 1 else { throw ValidationError("Use one of --text, --text-file or --editor.") }
        guard sources == 1 || date != nil || !addTag.isEmpty || !removeTag.isEmpty else {
            throw ValidationError("Nothing to change: give --text, --text-file, --editor, --date, --add-tag or --remove-tag.")
        }
        if let date, Self.parseDate(date) == nil {
            throw ValidationError("--date must look like 2024-05-17, '2024-05-17 12:30' or '2024-05-17 12:30:05' (got \(date)).")
        }
        for name in addTag + removeTag {
            do { _ = try JournalTag.normalizedName(name) } catch { throw ValidationError("\(error)") }
        }
    }

    static func parseDate(_ text: String) -> LocalDateTime? { LocalDateTime(commandLine: text) }

    func run() throws {
        try reportingErrors {
            let store = try JournalStore.openExisting(library: options.resolvedLibrary)
            var entry = try store.entry(idPrefix: id)
            var newText: String?
            if let text { newText = text }
            if let textFile {
                let data = textFile == "-" ? FileHandle.standardInput.readDataToEndOfFile()
                    : try Data(contentsOf: URL(fileURLWithPath: textFile))
                newText = String(decoding: data, as: UTF8.self)
            }
            if editor {
                let edited = try TextEditor.edit(entry.text, label: entry.shortID)
                newText = edited == entry.text ? nil : edited
            }
            if let trimmed = newText?.trimmingCharacters(in: .newlines) { newText = trimmed }
            if newText != nil || date != nil {
                entry = try store.edit(entryID: entry.id, text: newText, capturedAt: date.flatMap(Self.parseDate))
            }
            if !addTag.isEmpty || !removeTag.isEmpty {
                try store.editTags(entryID: entry.id, add: addTag, remove: removeTag)
                entry = try store.entry(idPrefix: entry.id)
            }
            let tags = try store.tags(entryID: entry.id)
            if options.json { return try Console.printJSON(EntryDetailsOutput(entry: entry, tags: tags, weather: try store.weather(entryID: entry.id))) }
            print("\(entry.shortID) updated at \(entry.updatedAt)")
        }
    }
}

/// Opens `$VISUAL`/`$EDITOR` on a temporary file, as git does for commit messages.
enum TextEditor {
    static func edit(_ text: String, label: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // A fresh name created exclusively and never through a link: the temporary folder is
        // shared, and a name guessed in advance must not redirect the entry's text elsewhere.
        let safeLabel = label.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-\(safeLabel)-\(UUID().uuidString).txt")
        let fd = open(file.path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io("cannot create \(file.path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { unlink(file.path) }
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Through the shell, so EDITOR may carry arguments ("code --wait").
        process.arguments = ["-c", "\(command) \"$1\"", "daybook-editor", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StoreError.io("the editor (\(command)) exited with status \(process.terminationStatus); nothing changed")
        }
        return String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete entries with their tags, weather and thumbnails.",
        discussion: "The photos themselves are not touched. Asks for confirmation unless --yes; without a terminal, --yes is required."
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
        try reportingErrors {
            let store = try JournalStore.openExisting(library: options.resolvedLibrary)
            let entries = try ids.map { try store.entry(idPrefix: $0) }
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    Console.error("refusing to delete without confirmation: no terminal to ask on (use --yes)")
                    throw ExitCode(2)
                }
                for entry in entries { Console.writeError("  " + EntryFormat.line(entry, annotations: EntryAnnotations())) }
                FileHandle.standardError.write(Data("Delete \(entries.count) entr\(entries.count == 1 ? "y" : "ies")? [y/N] ".utf8))
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    Console.writeError("daybook: nothing deleted")
                    return
                }
            }
            let deleted = try store.delete(entryIDs: Array(Set(entries.map(\.id))))
            if options.json { return try Console.printJSON(["deleted": deleted.map(\.id).sorted()]) }
            print("deleted \(deleted.count) entr\(deleted.count == 1 ? "y" : "ies")")
        }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the journal as JSON, Markdown or GeoJSON.",
        discussion: """
            json: everything (entries, tags, removed tags, weather, thumbnails as base64); \
            `daybook import` reads it back into an empty library. markdown: one file per month \
            in DIR, thumbnails copied beside them and linked. geojson: a point per entry with a \
            place, with its date, tags and thumbnail path, for maps.

            Examples:
              daybook export json journal.json
              daybook export markdown ~/journal-md
              daybook export geojson places.geojson
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, markdown, geojson }

    @OptionGroup var options: LibraryOptions

    @Argument(help: "json, markdown or geojson.")
    var format: Format

    @Argument(help: "Output file (a folder for markdown; '-' for standard output with json/geojson).")
    var output: String

    @Flag(name: .long, help: "json: leave the thumbnails out (smaller file; import then has none).")
    var noThumbnails = false

    func run() throws {
        try reportingErrors {
            let store = try JournalStore.openExisting(library: options.resolvedLibrary)
            let count: Int
            switch format {
            case .json:
                let archive = try store.exportArchive(includeThumbnails: !noThumbnails)
                count = archive.items.count
                try write(try JSONOutput.data(archive))
            case .geojson:
                let items = try store.journalItems()
                count = items.count
                try write(try JournalExport.geoJSON(items, store: store))
            case .markdown:
                guard output != "-" else { throw ValidationError("markdown needs a folder, not standard output.") }
                let items = try store.journalItems()
                count = items.count
                let files = try JournalExport.markdown(items, store: store, to: URL(fileURLWithPath: output))
                Console.writeError("daybook: wrote \(files.count) month files to \(output)")
            }
            if output != "-" { Console.writeError("daybook: exported \(count) entries") }
        }
    }

    private func write(_ data: Data) throws {
        if output == "-" { return FileHandle.standardOutput.write(data + Data("\n".utf8)) }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw StoreError.io("cannot write \(output): \(error.localizedDescription)")
        }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
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
        try reportingErrors {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                throw StoreError.io("cannot read \(file): \(error.localizedDescription)")
            }
            // The whole file is checked before the library is even opened: a refused file writes nothing.
            let archive: JournalArchive
            do { archive = try JournalArchive.decodeAndValidate(data) } catch {
                throw StoreError.io("\(file): \(error)")
            }
            let store = try JournalStore(library: options.resolvedLibrary)
            let count = try store.importArchive(archive)
            if options.json { return try Console.printJSON(["imported": count]) }
            print("imported \(count) entries")
        }
    }
}
