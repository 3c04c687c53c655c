import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation

struct Write: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write a new entry: words, alone or with photos.",
        discussion: """
            The entry is kept as a Markdown file in the library's journal/ folder (its first line \
            is the title), then added to the journal, where list, search, show, on-this-day and \
            the web journal find it. The text comes from --text, --text-file, standard input when \
            it is not a terminal, or else $VISUAL / $EDITOR (else vi), as for edit --editor. A \
            blank text writes nothing. The date is now, in this machine's time zone, unless \
            --date gives the local time. --place names where it was written: LAT,LON or a town's \
            name, found offline as search --near finds it; the entry then has a place, that \
            place's time zone for a --date, and weather for backfill-weather to fetch.

            With --photo, the photos and videos go through the same ingest as `daybook ingest \
            FILE` (date, place, thumbnail, tags, weather), and the text and tags go on the first \
            one's entry (--date and --place set its date and place); the others get entries of \
            their own, and every entry is listed. A photo already in the journal keeps its entry; \
            if that entry has words already, write refuses (use edit). A file that cannot be \
            ingested is named, and nothing is written.

            Examples:
              daybook write --text "Lunch by the river"
              echo "Long walk, no photos" | daybook write --tag walk
              daybook write --date "2024-05-17 12:30" --place Kyoto --text "Temples"
              daybook write --text-file notes.md --place 48.8566,2.3522 --json
              daybook write --text "Harbour at dusk" --photo IMG_0101.jpg IMG_0102.jpg
              daybook write                      (opens your editor)
            """
    )

    @OptionGroup var options: LibraryOptions

    @OptionGroup var sidecars: SidecarOptions

    @Option(name: .long, help: "The entry's text.")
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Read the text from a file ('-' for standard input).", valueName: "file"))
    var textFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Local date-time: YYYY-MM-DD, 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DD HH:MM:SS' (default: now).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Tag to give it (repeatable).", valueName: "tag"))
    var tag: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where it was written: LAT,LON or a place name (\"Paris, FR\").", valueName: "place"))
    var place: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp("Photos or videos the words go with: the text goes on the first one's entry.", valueName: "file"))
    var photo: [String] = []

    func validate() throws {
        guard text == nil || textFile == nil else { throw ValidationError("Use one of --text or --text-file.") }
        if let date, Edit.parseDate(date) == nil {
            throw ValidationError("--date must look like 2024-05-17, '2024-05-17 12:30' or '2024-05-17 12:30:05' (got \(date)).")
        }
        for name in tag {
            do { _ = try JournalTag.normalizedName(name) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() async throws {
        let words = try readText()
        guard !words.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CommandError(description: "the text is blank: nothing was written")
        }
        let location = try place.map { try NearPlace.location($0) }
        // Named before a library is made: a file that cannot be read writes nothing anywhere.
        for path in photo {
            if let why = PhotoScanner.whyUnreadable(path) { throw CommandError(description: "\(path): \(why)") }
        }
        let library = options.resolvedLibrary
        let store = library.exists ? try JournalStore.openExisting(library: library, for: .writing) : try JournalStore(library: library)
        if !photo.isEmpty { return try await writeWithPhotos(words, location: location, store: store) }
        let writer = TextEntryWriter(store: store, placer: try EntryPlacer.embedded())
        let entry = try writer.write(text: words, date: date.flatMap(Edit.parseDate), location: location, tags: tag)
        if options.json {
            let details = EntryDetailsOutput(entry: entry, tags: try store.tags(entryID: entry.id), weather: nil)
            return try Console.printJSON(details)
        }
        Console.output("\(entry.shortID) written to \(library.root.appendingPathComponent(entry.sourcePath).path)")
    }

    /// The first source given: an option, else standard input when something is piped in,
    /// else an editor on an empty text.
    private func readText() throws -> String {
        if let text { return text }
        if let textFile, textFile != "-" {
            do { return String(decoding: try Data(contentsOf: URL(fileURLWithPath: textFile)), as: UTF8.self) } catch {
                throw CommandError.cannotRead(textFile, error)
            }
        }
        if textFile == "-" || isatty(STDIN_FILENO) == 0 {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        return try TextEditor.edit("", label: "new")
    }
}
