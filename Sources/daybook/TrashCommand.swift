import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation

struct Trash: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List, restore or empty deleted entries.",
        discussion: """
            `daybook delete` (and the web's Delete) puts an entry in the trash: its journal file \
            stays under journal/ as a tombstone with a `deleted:` line, holding its words and tags, \
            and its photo is left out of every later ingest and watch. `daybook trash restore ID` \
            brings it back; `daybook trash empty` drops the words of entries deleted more than 30 \
            days ago for good, and the photo still stays out.
            """,
        subcommands: [TrashList.self, TrashRestore.self, TrashEmpty.self],
        defaultSubcommand: TrashList.self
    )
}

struct TrashList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Deleted entries, newest deletion first: date, short id, title, when deleted.")

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .reading)
        let trashed = try store.trashedEntries()
        if options.json { return try Console.printJSON(trashed) }
        if trashed.isEmpty { return Console.output("the trash is empty") }
        for entry in trashed {
            let words = entry.hasWords ? entry.title : "(words emptied; the photo stays out)"
            Console.output(TerminalText("\(entry.date ?? "no date")  \(entry.id.prefix(8))  \(words)  deleted \(entry.deletedAt)"))
        }
    }
}

struct TrashRestore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring a deleted entry back with its words and tags.",
        discussion: """
            A text entry comes back as it was, same id. A photo's entry is ingested again from its \
            file when the file is still where it was, with the same bytes, and takes its words and \
            tags, the automatic tags removed from it and a date or place set by hand (it gets a new \
            id); otherwise its words come back as a text entry, and it says so.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The deleted entry's id or a unique prefix (`daybook trash` lists them).")
    var id: String

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let trashed = try store.trashedEntry(idPrefix: id)
        guard let file = try store.tombstone(of: trashed) else {
            throw CommandError(description: "entry \(trashed.id.prefix(8))'s words were emptied from the trash; its photo stays out")
        }
        let restored: JournalEntry
        var note = ""
        if trashed.media != "text", Self.isUnchanged(trashed) {
            try store.readmitPhoto(of: trashed)
            do {
                let named = NamedPhotos(store: store, ingester: try Ingester(store: store))
                let photo = try named.ingest([trashed.sourcePath])[0]
                restored = try Self.giveBack(file, to: photo.entry, store: store)
                try store.forget(trashed, tombstoneReplacedBy: nil)
            } catch {
                try? store.putBack(trashed)
                throw error
            }
            note = " (its photo ingested again from \(trashed.sourcePath))"
        } else {
            restored = try store.restoreAsText(trashed, from: file)
            if trashed.media != "text" { note = " as words only: its photo is no longer at \(trashed.sourcePath)" }
        }
        if options.json { return try Console.printJSON(["restored": restored.id, "was": trashed.id]) }
        Console.output(TerminalText("restored \(restored.id.prefix(8))\(note)"))
    }

    /// Puts what the person wrote and chose on the deleted entry (its tombstone `file`) on the
    /// photo's new entry, through the same store calls as `edit`: the words, the tags, the
    /// automatic tags removed, and a date or place set by hand.
    private static func giveBack(_ file: JournalFile, to photo: JournalEntry, store: JournalStore) throws -> JournalEntry {
        var entry = photo
        let date = file.dateSetByHand ? file.date : nil
        let location = file.placeSetByHand ? file.location : nil
        if !file.text.isEmpty || date != nil || location != nil {
            let placer = try location.map { _ in try EntryPlacer.embedded() }
            entry = try store.edit(
                entryID: entry.id, text: file.text.isEmpty ? nil : file.text, capturedAt: date, location: location,
                rezone: EntryPlacer.zone, place: { placer?.place(&$0) })
        }
        if !file.tags.isEmpty || !file.removedTags.isEmpty {
            try store.editTags(entryID: entry.id, add: file.tags, remove: file.removedTags)
        }
        return entry
    }

    /// Whether the photo is still where it was, with the bytes it had.
    private static func isUnchanged(_ trashed: TrashedEntry) -> Bool {
        guard let data = FileManager.default.contents(atPath: trashed.sourcePath) else { return false }
        return ContentHash.sha256Hex([UInt8](data)) == trashed.contentHash
    }
}

struct TrashEmpty: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "empty",
        abstract: "Drop the words of entries deleted DAYS days ago or more (30 by default), for good.",
        discussion: """
            Each tombstone keeps its id, date, photo line and `deleted:` time and loses its words, \
            tags and place, so the photo still stays out of later ingests; it can no longer be restored.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(help: ArgumentHelp("Only entries deleted at least this many days ago (0: all).", valueName: "days"))
    var olderThan = 30

    func validate() throws {
        guard olderThan >= 0 else { throw ValidationError("--older-than is a number of days, 0 or more.") }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let emptied = try store.emptyTrash(deletedBefore: Date().addingTimeInterval(-Double(olderThan) * 86_400))
        if options.json { return try Console.printJSON(["emptied": emptied.map(\.id)]) }
        Console.output(TerminalText("emptied \(emptied.count) entr\(emptied.count == 1 ? "y" : "ies") from the trash"))
    }
}
