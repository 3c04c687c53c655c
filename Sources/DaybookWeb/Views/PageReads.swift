import DaybookImaging
import DaybookStore

/// Entries for a grid of tiles with what each tile shows beside the photo, read together.
struct TileEntries: Sendable {
    var tiles: [TimelineTile]
    var annotations: [String: TileAnnotations]
    /// The size of each stack cover's stack (docs/stacks.md).
    var stackSizes: [String: Int] = [:]
    /// The short ids (first eight digits) Syncthing's conflict copies name (`ConflictMarks`).
    var conflicted: Set<Substring> = []

    init(tiles: [TimelineTile], tileAnnotations: [String: TileAnnotations], stackSizes: [String: Int] = [:]) {
        self.tiles = tiles
        self.annotations = tileAnnotations
        self.stackSizes = stackSizes
    }

    /// With whole annotations, for pages that read them whole anyway (a search).
    init(tiles: [TimelineTile], annotations: [String: EntryAnnotations], stackSizes: [String: Int] = [:]) {
        self.init(tiles: tiles, tileAnnotations: annotations.mapValues(TileAnnotations.init), stackSizes: stackSizes)
    }

    /// Whole entries' tiles, for pages that read whole entries.
    init(entries: [JournalEntry], annotations: [String: EntryAnnotations], stackSizes: [String: Int] = [:]) {
        self.init(tiles: entries.map(TimelineTile.init), annotations: annotations, stackSizes: stackSizes)
    }
}

/// What an entry page shows besides the entry: its tags, weather and neighbours.
struct EntryRead: Sendable {
    let entry: JournalEntry
    let tags: [JournalTag]
    let weather: WeatherRecord?
    let newer: JournalEntry?
    let older: JournalEntry?
    /// Its other files (a RAW beside the photo).
    let files: [EntryFile]
    /// A video's content type from its file's first bytes (`video/mp4`, …), read here, on the
    /// store's reader thread, so rendering the page never touches a file; nil for a photo or a
    /// file that cannot be read now.
    var videoType: String? = nil
    /// The frames of its stack, oldest first, and the stack; none when it is alone.
    var stackFrames: [JournalEntry] = []
    var stack: EntryStack? = nil
    /// Versions Syncthing set aside beside its journal file (`JournalConflict`), read by the
    /// server; an export shows none.
    var conflicts: [JournalConflict] = []
}

extension JournalReader {
    func tiles(_ entries: [JournalEntry]) throws -> TileEntries { try tiles(entries.map(TimelineTile.init)) }

    /// A timeline page's tiles: stack sizes asked for only for the tiles that are a stack.
    func tiles(_ rows: TimelineRows) throws -> TileEntries {
        let ids = rows.tiles.map(\.id)
        return TileEntries(
            tiles: rows.tiles, tileAnnotations: ids.isEmpty ? [:] : try tileAnnotations(for: ids, tags: rows.tags),
            stackSizes: rows.stacked.isEmpty ? [:] : try stackSizes(entryIDs: rows.stacked))
    }

    func tiles(_ entries: [TimelineTile]) throws -> TileEntries {
        let ids = entries.map(\.id)
        return TileEntries(
            tiles: entries, tileAnnotations: entries.isEmpty ? [:] : try tileAnnotations(for: ids),
            stackSizes: entries.isEmpty ? [:] : try stackSizes(entryIDs: ids))
    }

    /// `newer` and `older` given (an export knows them from its list), or else read.
    func entryPage(_ entry: JournalEntry, neighbours given: (newer: JournalEntry?, older: JournalEntry?)? = nil) throws -> EntryRead {
        let around = try given ?? neighbours(of: entry)
        return EntryRead(
            entry: entry, tags: try tags(entryID: entry.id), weather: try weather(entryID: entry.id), newer: around.newer,
            older: around.older, files: try files(entryID: entry.id),
            videoType: entry.media == .video ? OriginalPhoto.head(of: entry).map { FileKind.mediaType(of: $0) } : nil,
            stackFrames: try stackFrames(entryID: entry.id), stack: try entryStack(entryID: entry.id))
    }
}
