import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an entry's text, date, place or tags.",
        discussion: """
            --editor opens the text in $VISUAL or $EDITOR (else vi), as git does; saving an \
            unchanged text changes nothing. If the entry's text is changed elsewhere while the \
            editor is open (the web journal, another edit), yours is not saved over it: both \
            texts are printed and yours is kept in the library's unsaved/ folder. Scripts get the \
            same check with --if-version, giving the text_version that show --json printed. \
            A text is at most 1 MiB of UTF-8. A new --date is the local time as the camera \
            would have written it; the entry keeps its UTC offset (one its place's time zone \
            gave is worked out again for the new date) and its weather is fetched again for \
            the new time. --place sets where it was: LAT,LON or a town's name, found offline \
            as write --place finds it (the most populous place of that name; a note says when \
            others share it). The entry is then named after that place, shown on the map, and \
            its weather is fetched again; a text entry's journal file follows.

            Examples:
              daybook edit 3f2a --text "Lunch by the river"
              daybook edit 3f2a --editor
              daybook edit 3f2a --text-file notes.txt --if-version 9b2c41d07e5a8f16
              daybook edit 3f2a --date "2024-05-17 12:30" --add-tag lunch
              daybook edit 3f2a --place "Kyoto, JP"
              daybook edit 3f2a --place 48.8566,2.3522
            """
    )

    @OptionGroup var options: LibraryOptions

    @OptionGroup var sidecars: SidecarOptions

    @Argument(help: "Entry id or unique prefix.")
    var id: String

    @Option(name: .long, help: "New text.")
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Read the new text from a file ('-' for standard input).", valueName: "file"))
    var textFile: String?

    @Flag(name: .long, help: "Edit the text in $VISUAL / $EDITOR.")
    var editor = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Save the new text only over the text of this version (text_version in show --json); else refuse.",
            valueName: "version"))
    var ifVersion: String?

    @Option(
        name: .long, help: ArgumentHelp("New capture date: YYYY-MM-DD, 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DD HH:MM:SS'.", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Where it was: LAT,LON or a place name (\"Paris, FR\").", valueName: "place"))
    var place: String?

    @Option(name: .long, help: ArgumentHelp("Tag to add (repeatable).", valueName: "tag"))
    var addTag: [String] = []

    @Option(name: .long, help: ArgumentHelp("Tag to remove (repeatable).", valueName: "tag"))
    var removeTag: [String] = []

    func validate() throws {
        let sources = [text != nil, textFile != nil, editor].filter { $0 }.count
        guard sources <= 1 else { throw ValidationError("Use one of --text, --text-file or --editor.") }
        guard sources == 1 || date != nil || place != nil || !addTag.isEmpty || !removeTag.isEmpty else {
            throw ValidationError(
                "Nothing to change: give --text, --text-file, --editor, --date, --place, --add-tag or --remove-tag.")
        }
        if let ifVersion {
            guard text != nil || textFile != nil else {
                throw ValidationError("--if-version goes with --text or --text-file (--editor checks the text it opened).")
            }
            guard TextVersion(ifVersion) != nil else {
                throw ValidationError("--if-version takes the 16 hex digits of text_version from show --json (got \(ifVersion)).")
            }
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
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        var entry = try store.entry(idPrefix: id)
        // Found before any change, so a name not found changes nothing.
        let location = try place.map { try NearPlace.location($0) }
        var newText: String?
        // The text the new one replaces, for the compare-and-set in the store.
        var basedOn = ifVersion.flatMap { TextVersion($0) }
        if let text { newText = text }
        if let textFile {
            let data =
                textFile == "-"
                ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: textFile))
            newText = String(decoding: data, as: UTF8.self)
        }
        if editor {
            basedOn = entry.textVersion
            let edited = try TextEditor.edit(entry.text, label: entry.shortID)
            newText = edited == entry.text ? nil : edited
        }
        if let trimmed = newText?.trimmingCharacters(in: .newlines) { newText = trimmed }
        // Compared after the trim, since editors end the file with a line break the text does
        // not have: the same words are no change, and `updated_at` stays.
        if newText == entry.text { newText = nil }
        let changesTags = !addTag.isEmpty || !removeTag.isEmpty
        if newText == nil, date == nil, location == nil, !changesTags, !options.json {
            return Console.output("\(entry.shortID): nothing changed (the text is as it was)")
        }
        if newText != nil || date != nil || location != nil {
            let placer = try location.map { _ in try EntryPlacer.embedded() }
            do {
                entry = try store.edit(
                    entryID: entry.id, text: newText, basedOn: basedOn, capturedAt: date.flatMap(Self.parseDate),
                    location: location, rezone: EntryPlacer.zone, place: { placer?.place(&$0) })
            } catch let conflict as EditConflict {
                try UnsavedText.report(conflict, library: store.library)
                throw ExitCode.failure
            }
        }
        if changesTags {
            try store.editTags(entryID: entry.id, add: addTag, remove: removeTag)
            entry = try store.entry(idPrefix: entry.id)
        }
        let changed: SidecarFieldSet = [
            newText != nil ? .text : [], changesTags ? .tags : [], date != nil ? .date : [], location != nil ? .place : [],
        ]
        sidecars.writeBack(store.library).entryChanged(entry.id, changed, store: store)
        let tags = try store.tags(entryID: entry.id)
        if options.json {
            return try Console.printJSON(EntryDetailsOutput(entry: entry, tags: tags, weather: try store.weather(entryID: entry.id)))
        }
        Console.output("\(entry.shortID) updated at \(entry.updatedAt)")
    }
}
