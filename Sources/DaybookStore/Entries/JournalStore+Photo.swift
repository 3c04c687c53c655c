import DaybookCore
import Foundation
import GRDB

/// Why a photo cannot be attached to words or detached from them: one line saying what to do
/// instead. Nothing was changed.
package struct PhotoChangeRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

extension JournalStore {
    /// Attaches a photo entry's photo to a text entry (docs/design/writing.md, "A photo for
    /// words"): in one transaction the words' entry takes the photo's media (file, thumbnail,
    /// camera, automatic tags) and, when it has no place of its own, the photo's place; the
    /// photo's own entry goes. The words keep their id, date, text and tags, and their journal
    /// file gains its `photo:` line, written last before the commit.
    ///
    /// Refused, with nothing changed, when the photo's entry holds anything a person wrote or
    /// chose (words, their own tags, a date or place set by hand), is in a stack or lists other
    /// files (a RAW, a Live Photo movie), or when the words have a photo already.
    @discardableResult
    package func attachPhoto(to wordsID: String, photo photoID: String, now: Date = Date()) throws -> JournalEntry {
        try changePhoto(of: wordsID, now: now) { words, db, writes in
            try leaveFile(ofPhoto: photoID, attachedTo: words.id, db, &writes)
            try Self.attach(db, to: &words, photoID: photoID)
            return nil
        }.words
    }

    /// Detaches an entry's photo from its words: the words stay an entry (a text entry, with
    /// its id and journal file), and the photo becomes an entry of its own again, with the
    /// capture time and place its file says: `reread` is the photo's entry as ingest reads its
    /// file now (DaybookIngest's `PhotoRereader`), and must be of the same bytes.
    package func detachPhoto(from entryID: String, reread: JournalEntry, now: Date = Date()) throws -> (
        words: JournalEntry, photo: JournalEntry
    ) {
        let (words, photo) = try changePhoto(of: entryID, now: now) { words, db, _ in
            try Self.detach(db, from: &words, reread: reread, now: now)
        }
        guard let photo else { throw PhotoChangeRefusal("entry \(entryID.prefix(8)) has no photo to detach") }
        return (words, photo)
    }

    /// Detach then attach, in one transaction: the old photo becomes an entry of its own
    /// (`reread`, as for `detachPhoto`) and `photoID`'s photo goes on the words.
    package func replacePhoto(of entryID: String, with photoID: String, reread: JournalEntry, now: Date = Date()) throws -> (
        words: JournalEntry, photo: JournalEntry
    ) {
        let (words, photo) = try changePhoto(of: entryID, now: now) { words, db, writes in
            let detached = try Self.detach(db, from: &words, reread: reread, now: now)
            try leaveFile(ofPhoto: photoID, attachedTo: words.id, db, &writes)
            try Self.attach(db, to: &words, photoID: photoID)
            return detached
        }
        guard let photo else { throw PhotoChangeRefusal("entry \(entryID.prefix(8)) has no photo to replace") }
        return (words, photo)
    }

    /// Runs `change` on the words' entry in one transaction, then writes their journal file as
    /// its last step (made anew when the words had none, or removed again if the commit fails).
    private func changePhoto(
        of wordsID: String, now: Date, _ change: (inout JournalEntry, Database, inout JournalFileWrites) throws -> JournalEntry?
    ) throws -> (words: JournalEntry, photo: JournalEntry?) {
        guard !isReadOnly else { throw StoreError.readOnlyLibrary(library.root.path, reason: "opened read-only") }
        return try writeWithJournalFiles { db, writes in
            guard var words = try JournalEntry.fetchOne(db, key: wordsID) else { throw StoreError.entryNotFound(wordsID) }
            let before = words
            let photo = try change(&words, db, &writes)
            words.updatedAt = JournalEntry.timestamp(now)
            try words.update(db)
            guard words.capturedLocal != nil else {
                throw PhotoChangeRefusal("entry \(words.shortID) has no date, so its words have no journal file: give it one first")
            }
            try saveJournalFile(of: &words, was: before, db, &writes)
            return (words, photo)
        }
    }

    /// The photo's own entry goes when its photo is attached to words; a journal file it kept
    /// (its choices undone since) would bring it back, so the file goes too. One that does not
    /// read as that entry's is refused, naming its line: it may hold words.
    private func leaveFile(ofPhoto photoID: String, attachedTo wordsID: String, _ db: Database, _ writes: inout JournalFileWrites)
        throws
    {
        guard photoID != wordsID, let photo = try JournalEntry.fetchOne(db, key: photoID), photo.media != .text,
            let path = journalFilePath(of: photo)
        else { return }
        try removeJournalFile(path, of: photo.id, &writes)
    }

    /// Moves `photoID`'s media onto `words` and deletes the photo's entry.
    private static func attach(_ db: Database, to words: inout JournalEntry, photoID: String) throws {
        guard let photo = try JournalEntry.fetchOne(db, key: photoID) else { throw StoreError.entryNotFound(photoID) }
        guard photo.id != words.id else { throw PhotoChangeRefusal("entry \(words.shortID) cannot take its own photo") }
        guard words.media == .text else {
            throw PhotoChangeRefusal(
                "entry \(words.shortID) has a photo already: `daybook photo replace \(words.shortID) \(photo.shortID)` changes it")
        }
        guard photo.media != .text else { throw PhotoChangeRefusal("entry \(photo.shortID) is words, not a photo") }
        try refuseElsewhere(photo)
        try refuseGroups(db, photo)
        if let what = try personalContent(db, photo) {
            throw PhotoChangeRefusal(
                "entry \(photo.shortID) holds \(what): its photo would take it along; remove it, or write on that entry instead")
        }
        let extras = try Row.fetchOne(db, sql: "SELECT \(mediaExtras) FROM entry WHERE id = ?", arguments: [photo.id])
        try moveAutoTags(db, from: photo.id, to: words.id)
        try db.execute(sql: "DELETE FROM entry WHERE id = ?", arguments: [photo.id])
        words.takeMedia(of: photo)
        if words.location == nil, let location = photo.location {
            words.location = location
            words.locationSource = photo.locationSource
            words.place = photo.place
            words.placeVersion = photo.placeVersion
            try db.execute(sql: "DELETE FROM weather WHERE entry_id = ?", arguments: [words.id])
            words.weatherStatus = words.capturedLocal != nil ? .pending : .unavailable
            words.weatherError = nil
        }
        try words.update(db)
        try setMediaExtras(db, of: words.id, extras)
    }

    /// Makes `words` a text entry again and inserts their photo as an entry of its own, with
    /// `reread`'s capture time and place; returns that entry.
    private static func detach(_ db: Database, from words: inout JournalEntry, reread: JournalEntry, now: Date) throws -> JournalEntry {
        guard words.media != .text else { throw PhotoChangeRefusal("entry \(words.shortID) has no photo to detach") }
        try refuseElsewhere(words)
        guard !words.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PhotoChangeRefusal("entry \(words.shortID) has no words to keep apart from its photo: nothing to detach")
        }
        try checkText(words.text)
        guard reread.contentHash == words.contentHash else {
            throw PhotoChangeRefusal("the photo of entry \(words.shortID) changed while it was read: try again")
        }
        try refuseGroups(db, words)
        let extras = try Row.fetchOne(db, sql: "SELECT \(mediaExtras) FROM entry WHERE id = ?", arguments: [words.id])
        var photo = reread
        photo.takeMedia(of: words)
        photo.text = ""
        photo.createdAt = JournalEntry.timestamp(now)
        photo.updatedAt = photo.createdAt
        words.dropMedia()
        words.captureSource = .user
        // The words' row first: it frees the content hash the photo's row takes.
        try words.update(db)
        try setMediaExtras(db, of: words.id, nil)
        try SearchWrites.markPending(entryID: photo.id, db)
        try photo.insert(db)
        try setMediaExtras(db, of: photo.id, extras)
        try moveAutoTags(db, from: words.id, to: photo.id)
        try SearchWrites.indexPending(db)
        return photo
    }

    /// A photo known here from its journal file alone has no bytes on this device to move.
    private static func refuseElsewhere(_ entry: JournalEntry) throws {
        guard entry.isPhotoElsewhere else { return }
        throw PhotoChangeRefusal(
            "the photo of entry \(entry.shortID) is on another device: attach, detach or replace it there, or ingest it here first")
    }

    /// Stacks and pairs are groups of files one entry stands for: which file would go where is
    /// a guess, so they are refused.
    private static func refuseGroups(_ db: Database, _ entry: JournalEntry) throws {
        let stacked = try Bool.fetchOne(db, sql: "SELECT stack_id IS NOT NULL FROM entry WHERE id = ?", arguments: [entry.id]) ?? false
        if stacked {
            throw PhotoChangeRefusal(
                "entry \(entry.shortID) is in a stack of burst photos: split it first (`daybook stack split \(entry.shortID)`)")
        }
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entry_file WHERE entry_id = ?)", arguments: [entry.id]) == true {
            throw PhotoChangeRefusal(
                "entry \(entry.shortID) lists other files with its photo (a RAW or a Live Photo movie), which would be parted: refused")
        }
    }

    /// What a person wrote or chose on a photo's entry, in words; nil when there is nothing.
    static func personalContent(_ db: Database, _ entry: JournalEntry) throws -> String? {
        if !entry.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "words" }
        let userTags = try String.fetchAll(
            db, sql: "SELECT name FROM tag WHERE entry_id = ? AND source = 'user' ORDER BY name", arguments: [entry.id])
        if !userTags.isEmpty { return "tags of its own (\(userTags.joined(separator: ", ")))" }
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM tag_removal WHERE entry_id = ?)", arguments: [entry.id]) == true {
            return "tags removed by hand"
        }
        if entry.captureSource == .user { return "a date set by hand" }
        if entry.locationSource == .user { return "a place set by hand" }
        return nil
    }

    /// The columns of the photo's file that `JournalEntry` does not carry.
    private static let mediaExtras = "source_truncated, sidecar_hash, sidecar_first, perceptual_hash, burst_id"

    /// Sets those columns from `row` (read from the entry that had the photo), or to a text
    /// entry's values when nil.
    private static func setMediaExtras(_ db: Database, of id: String, _ row: Row?) throws {
        let values = row.map { Array($0.databaseValues) } ?? [false.databaseValue, .null, false.databaseValue, .null, .null]
        try db.execute(
            sql: "UPDATE entry SET (\(mediaExtras)) = (?, ?, ?, ?, ?) WHERE id = ?",
            arguments: StatementArguments(values + [id.databaseValue]))
    }

    /// Automatic tags are the pixels': they go with the photo. A tag of that name already on
    /// the other entry stays as it is.
    private static func moveAutoTags(_ db: Database, from source: String, to target: String) throws {
        try db.execute(
            sql: "UPDATE OR IGNORE tag SET entry_id = ? WHERE entry_id = ? AND source = 'auto'", arguments: [target, source])
        try db.execute(sql: "DELETE FROM tag WHERE entry_id = ? AND source = 'auto'", arguments: [source])
    }
}

extension JournalEntry {
    /// Takes the columns that describe `other`'s file (never its date, place or words).
    fileprivate mutating func takeMedia(of other: JournalEntry) {
        contentHash = other.contentHash
        sourcePath = other.sourcePath
        fileSize = other.fileSize
        cameraMake = other.cameraMake
        cameraModel = other.cameraModel
        pixelWidth = other.pixelWidth
        pixelHeight = other.pixelHeight
        orientation = other.orientation
        thumbnail = other.thumbnail
        thumbnailWidth = other.thumbnailWidth
        thumbnailHeight = other.thumbnailHeight
        problems = other.problems
        media = other.media
        durationSeconds = other.durationSeconds
        motionClip = other.motionClip
    }

    /// The file's columns as a text entry has them (docs/design/writing.md).
    fileprivate mutating func dropMedia() {
        contentHash = JournalStore.textContentHash(id: id)
        sourcePath = capturedLocal.map { JournalFilePath(id: id, date: $0).description } ?? sourcePath
        fileSize = 0
        cameraMake = nil
        cameraModel = nil
        pixelWidth = nil
        pixelHeight = nil
        orientation = .up
        thumbnail = nil
        thumbnailWidth = nil
        thumbnailHeight = nil
        problems = nil
        media = .text
        durationSeconds = nil
        motionClip = nil
    }
}
