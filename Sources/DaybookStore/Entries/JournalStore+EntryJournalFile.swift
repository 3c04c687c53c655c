import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// `entry`'s journal file as the index holds it now, dated `date`: the one place where a
    /// row becomes a file (docs/design/writing.md, "Which entries have a file"). It carries
    /// the user's tags, the automatic tags the person removed and, for a photo entry, which of
    /// its date and place were set by hand and its stack choice. A text entry's date and
    /// place are always the person's and a text entry is never stacked, so its file says
    /// neither.
    package func journalFile(of entry: JournalEntry, date: LocalDateTime, _ db: Database) throws -> JournalFile {
        let tags = try Self.tags(db, entryID: entry.id).filter { $0.source == .user }.map(\.name)
        let removed = try String.fetchAll(
            db.cachedStatement(sql: "SELECT name FROM tag_removal WHERE entry_id = ? ORDER BY name"), arguments: [entry.id])
        var file = JournalFile(entry: entry, date: date, tags: tags, removedTags: removed, stackChoice: try Self.stackChoice(db, entry))
        if entry.isPhotoElsewhere, let named = journalFileNow(at: JournalFilePath(relative: entry.sourcePath))?.photo,
            named.contentHash == entry.contentHash
        {
            // The row of a photo on another device knows its file's name only from its journal file.
            file.photo = named
        }
        return file
    }

    /// `journalFile(of:date:_:)` of the entry `entryID` in the index now; nil when there is no
    /// such entry or it has no date (no path can be made for it).
    package func journalFile(entryID: String) throws -> JournalFile? {
        try pool.read { db in
            guard let entry = try JournalEntry.fetchOne(db, key: entryID), let date = entry.capturedLocal else { return nil }
            return try journalFile(of: entry, date: date, db)
        }
    }

    /// A photo entry's stack choice; a picked cover is only one while the entry is in a stack.
    private static func stackChoice(_ db: Database, _ entry: JournalEntry) throws -> JournalFile.StackChoice? {
        guard entry.media != .text else { return nil }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT stack_cover_picked, stack_split, stack_id IS NOT NULL FROM entry WHERE id = ?"),
            arguments: [entry.id])
        guard let row else { return nil }
        if row[1] as Bool { return .split }
        return row[0] as Bool && row[2] as Bool ? .cover : nil
    }

    /// The file at `path` as it reads now; nil when there is none or it does not parse.
    func journalFileNow(at path: JournalFilePath?) -> JournalFile? {
        guard let path, let data = try? Data(contentsOf: path.url(in: library)) else { return nil }
        return try? JournalFileParser.parse(data, path: path.description)
    }
}

extension JournalFile {
    /// The file that holds `entry`'s words and choices, as of `date`: the words of a photo's
    /// entry name its photo, by content hash and file name.
    init(
        entry: JournalEntry, date: LocalDateTime, tags: [String], removedTags: [String] = [], stackChoice: StackChoice? = nil
    ) {
        let isPhoto = entry.media != .text
        let photo = isPhoto ? PhotoReference(contentHash: entry.contentHash, fileName: Self.photoName(entry)) : nil
        self.init(
            id: entry.id, date: date, utcOffsetSeconds: entry.offset?.seconds, placeName: entry.place?.name ?? entry.place?.country,
            location: entry.location.map { GeoLocation(latitude: $0.latitude, longitude: $0.longitude) }, tags: tags,
            photo: photo, created: entry.createdAt, text: entry.text, removedTags: removedTags,
            dateSetByHand: isPhoto && entry.captureSource == .user, placeSetByHand: isPhoto && entry.locationSource == .user,
            stackChoice: isPhoto ? stackChoice : nil)
    }

    /// Whether the format can name `entry`'s photo entry: by a lowercase UUID, and its photo by
    /// the SHA-256 of its bytes, as every entry Daybook makes is named. A row made otherwise (by
    /// hand, by a test) gets no file rather than one that no reader would take.
    static func canName(_ entry: JournalEntry) -> Bool {
        guard let uuid = UUID(uuidString: entry.id), uuid.uuidString.lowercased() == entry.id else { return false }
        let hash = entry.contentHash.utf8
        return entry.media == .text || (hash.count == 64 && hash.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    }

    /// Whether the file holds anything a person wrote or chose: only then does a photo entry
    /// need one (its photo says the rest).
    var holdsPersonalData: Bool {
        !text.isEmpty || !tags.isEmpty || !removedTags.isEmpty || dateSetByHand || placeSetByHand || stackChoice != nil
            || deleted != nil
    }

    /// The photo's file name, never a path (another device keeps it elsewhere). A name the
    /// parser would refuse (none) is replaced by the hash, which names the photo too.
    private static func photoName(_ entry: JournalEntry) -> String {
        let name = (entry.sourcePath as NSString).lastPathComponent
        return name.isEmpty || name.contains("/") ? entry.contentHash : name
    }
}
