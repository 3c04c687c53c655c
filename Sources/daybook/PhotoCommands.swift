import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation

struct Photo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Give an entry's words a photo, change it, or take it off.",
        discussion: """
            An entry of words (`daybook write`) can have one photo or video. attach puts a \
            photo on the words: their entry takes the photo's file, thumbnail, camera and \
            automatic tags, and its place when it has none; it keeps its id, date, text, tags \
            and journal file, which gains a `photo:` line. The photo's own entry goes, so it is \
            refused when that entry holds anything a person wrote or chose (words, tags of its \
            own, a date or place set by hand). The photo is an entry id, or a file, ingested \
            first as `daybook ingest FILE` ingests it.

            detach makes the photo an entry of its own again, dated and placed as its file says, \
            and the words stay an entry with their journal file. replace is detach then attach, \
            in one step. A photo in a stack of burst photos, or listed with a RAW or a Live \
            Photo movie, is refused. Each is one transaction: a refusal or failure leaves both \
            entries as they were. Nothing in your photo folders is ever moved or deleted.

            Examples:
              daybook photo attach 3f2a IMG_0101.jpg    ingest it, put it on 3f2a
              daybook photo attach 3f2a 9c1e            9c1e's photo goes on 3f2a
              daybook photo replace 3f2a IMG_0102.jpg   the old photo is its own entry again
              daybook photo detach 3f2a --json
            """,
        subcommands: [PhotoAttach.self, PhotoReplace.self, PhotoDetach.self]
    )
}

struct PhotoAttach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach", abstract: "Put a photo on an entry of words (a file, or another entry's photo).")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The entry of words: an id or unique prefix.") var entry: String
    @Argument(help: ArgumentHelp("A photo or video file, or the entry id of a photo.", valueName: "file|entry")) var photo: String
    @OptionGroup var sidecars: SidecarOptions

    func run() async throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let words = try store.entry(idPrefix: entry)
        let source = try PhotoSource(photo, store: store)
        let attached: JournalEntry
        do {
            attached = try store.attachPhoto(to: words.id, photo: source.entry.id)
        } catch {
            source.undo()
            throw error
        }
        // The photo's sidecar now says what its words say.
        sidecars.writeBack(store.library).entryChanged(attached.id, [.text, .tags, .date, .place], store: store)
        try await PhotoChange.fetchWeather(store: store, [attached])
        try PhotoChangeOutput.print(
            words: attached, photo: nil, removedEntry: source.entry.id, options: options, store: store,
            line: "\(attached.shortID) has the photo \(attached.sourcePath); entry \(source.entry.shortID) was merged into it")
    }
}

struct PhotoReplace: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replace",
        abstract: "Change an entry's photo: the old one becomes an entry of its own again.")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The entry whose photo changes: an id or unique prefix.") var entry: String
    @Argument(help: ArgumentHelp("A photo or video file, or the entry id of a photo.", valueName: "file|entry")) var photo: String
    @OptionGroup var sidecars: SidecarOptions

    func run() async throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let words = try store.entry(idPrefix: entry)
        let reread = try PhotoChange.reread(words, store: store)
        let source = try PhotoSource(photo, store: store)
        let result: (words: JournalEntry, photo: JournalEntry)
        do {
            result = try store.replacePhoto(of: words.id, with: source.entry.id, reread: reread)
        } catch {
            source.undo()
            throw error
        }
        sidecars.writeBack(store.library).entryChanged(result.words.id, [.text, .tags, .date, .place], store: store)
        try await PhotoChange.fetchWeather(store: store, [result.words, result.photo])
        try PhotoChangeOutput.print(
            words: result.words, photo: result.photo, removedEntry: source.entry.id, options: options, store: store,
            line: "\(result.words.shortID) has the photo \(result.words.sourcePath); its old photo is entry \(result.photo.shortID)")
    }
}

struct PhotoDetach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detach", abstract: "Take an entry's photo off its words: the photo becomes an entry of its own again.")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The entry with words and a photo: an id or unique prefix.") var entry: String

    func run() async throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let words = try store.entry(idPrefix: entry)
        let result = try store.detachPhoto(from: words.id, reread: try PhotoChange.reread(words, store: store))
        try await PhotoChange.fetchWeather(store: store, [result.photo])
        try PhotoChangeOutput.print(
            words: result.words, photo: result.photo, removedEntry: nil, options: options, store: store,
            line: "\(result.words.shortID) keeps the words (\(result.words.sourcePath)); the photo is entry \(result.photo.shortID)")
    }
}

/// The photo named for `attach` and `replace`: an existing file is ingested first (and its
/// entry deleted again if this run made it and the change is refused); else an entry id.
struct PhotoSource {
    let entry: JournalEntry
    private let made: (NamedPhotos, [NamedPhotos.Photo])?

    init(_ text: String, store: JournalStore) throws {
        guard FileManager.default.fileExists(atPath: text) else {
            entry = try store.entry(idPrefix: text)
            made = nil
            return
        }
        let named = NamedPhotos(store: store, ingester: try Ingester(store: store))
        let photos = try named.ingest([text])
        entry = photos[0].entry
        made = (named, photos)
    }

    func undo() {
        if let (named, photos) = made { named.undo(photos) }
    }
}

/// What `photo attach|replace|detach --json` prints: the entry of words, the photo that became
/// an entry of its own again, and the entry whose photo was taken.
struct PhotoChangeOutput: SnakeCaseKeyed {
    let entry: EntryDetailsOutput
    let photo: EntryDetailsOutput?
    let removedEntry: String?

    enum CodingKeys: String, CodingKey {
        case entry, photo
        case removedEntry = "removed_entry"
    }

    /// `--json` prints the entries as stored now; else one line.
    static func print(
        words: JournalEntry, photo: JournalEntry?, removedEntry: String?, options: LibraryOptions, store: JournalStore,
        line: String
    ) throws {
        guard options.json else { return Console.output(TerminalText(line)) }
        func details(_ id: String) throws -> EntryDetailsOutput {
            let entry = try store.entry(idPrefix: id)
            return EntryDetailsOutput(entry: entry, tags: try store.tags(entryID: id), weather: try store.weather(entryID: id))
        }
        let output = PhotoChangeOutput(
            entry: try details(words.id), photo: try photo.map { try details($0.id) }, removedEntry: removedEntry)
        try Console.printJSON(output)
    }
}

/// What the photo commands share around the store's one call.
enum PhotoChange {
    /// The photo's entry as its file says it now, for a detach; a photo that is not there
    /// or has changed is one line naming the file, and nothing changes.
    static func reread(_ entry: JournalEntry, store: JournalStore) throws -> JournalEntry {
        guard entry.media != .text else { throw PhotoChangeRefusal("entry \(entry.shortID) has no photo to detach") }
        do {
            return try Ingester(store: store).reread(entry)
        } catch let error as RereadError {
            throw CommandError(description: "cannot read the photo of entry \(entry.shortID) again (\(error)): nothing was changed")
        }
    }

    /// Weather for the entries whose time or place is new to them, as after an ingest.
    static func fetchWeather(store: JournalStore, _ entries: [JournalEntry]) async throws {
        let pending = entries.filter { $0.weatherStatus == .pending }.map(\.id)
        let weather = try await WeatherOptions.parse([]).fetchAfterIngest(store: store, created: pending)
        if let note = weather?.noNetworkNote { Console.writeError("daybook: note: \(note)") }
    }
}
