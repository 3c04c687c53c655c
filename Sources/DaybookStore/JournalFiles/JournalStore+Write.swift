import DaybookCore
import Foundation
import GRDB

/// A text entry as a person gives it, before it has a file or a row.
package struct NewTextEntry: Sendable {
    package var text: String
    package var date: LocalDateTime
    /// Nil for a floating time; a place given with the entry may then supply its zone.
    package var offset: UTCOffset?
    package var location: GeoLocation?
    package var tags: [String]

    package init(text: String, date: LocalDateTime, offset: UTCOffset?, location: GeoLocation? = nil, tags: [String] = []) {
        self.text = text
        self.date = date
        self.offset = offset
        self.location = location
        self.tags = tags
    }

    /// Dated as a person writing on this device means it: `date` nil is now, on the device's
    /// clock and in its zone; a date given takes `zone`'s offset at that local time, and stays
    /// floating when the clocks skipped or repeated it there (no offset is guessed).
    package init(text: String, date: LocalDateTime?, tags: [String] = [], now: Date = Date(), zone: TimeZone = .current) {
        guard let date else {
            let offset = zone.secondsFromGMT(for: now)
            let local = LocalDateTime(unixSecondsIgnoringZone: Int64(now.timeIntervalSince1970.rounded(.down)) + Int64(offset))
            self.init(text: text, date: local, offset: UTCOffset(seconds: offset, source: .device), tags: tags)
            return
        }
        func offset(at unix: Int64) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(unix))) }
        let local = date.secondsSinceEpochIgnoringZone
        // The offsets in force two days either side bracket any one change of the clocks.
        let readings = Set([offset(at: local - 172_800), offset(at: local + 172_800)]).filter { offset(at: local - Int64($0)) == $0 }
        let found = readings.count == 1 ? readings.first.flatMap { UTCOffset(seconds: $0, source: .device) } : nil
        self.init(text: text, date: date, offset: found, tags: tags)
    }
}

extension JournalStore {
    /// The one writer of a new text entry (docs/design/writing.md, "The write order"): checks
    /// it, writes its journal file atomically, then its index row and tags in one transaction.
    /// `place` names the entry's position and may give a floating time its place's zone
    /// (DaybookIngest's `EntryPlacer`); what it decides goes into the file as well as the row.
    ///
    /// When the transaction fails the file is removed again, so a write that reported a
    /// failure leaves nothing for a later rebuild to bring back. With a `key` an earlier
    /// write already used, nothing is written and `NewEntryKeyUsed` names its entry.
    package func write(
        _ new: NewTextEntry, id: String = UUID().uuidString.lowercased(), now: Date = Date(), key: NewEntryKey? = nil,
        place: (inout JournalEntry) -> Void = { _ in }
    ) throws -> JournalEntry {
        // Checked before the file: a read-only journal would refuse the row after it.
        guard !isReadOnly else { throw StoreError.readOnlyLibrary(library.root.path, reason: "opened read-only") }
        let text = new.text.trimmingCharacters(in: .newlines)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw StoreError.blankText() }
        guard text.utf8.count <= JournalEntry.maximumTextBytes else { throw StoreError.textTooLong(bytes: text.utf8.count) }
        guard !text.utf8.contains(0) else { throw StoreError.nulInText() }
        var tags: [String] = []
        for name in try new.tags.map(JournalTag.normalizedName) where !tags.contains(name) { tags.append(name) }
        guard tags.count <= JournalTag.maximumOwnPerEntry else { throw StoreError.tooManyOwnTags(tags.count) }

        let path = JournalFilePath(id: id, date: new.date)
        var entry = JournalEntry(
            id: id, contentHash: Self.textContentHash(id: id), sourcePath: path.description, fileSize: 0,
            capture: CaptureTime(local: new.date, source: .user, offset: new.offset),
            location: new.location, locationSource: new.location == nil ? nil : .user,
            pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [], now: now)
        entry.media = .text
        entry.text = text
        place(&entry)
        let file = JournalFile(entry: entry, date: new.date, tags: tags)
        changeLog?.begin()
        defer { changeLog?.end() }
        try writeJournalFile(file)
        do {
            try pool.write { db in
                if let key { try Self.record(key, entryID: entry.id, now: now, db) }
                try SearchWrites.markPending(entryID: entry.id, db)
                try entry.insert(db)
                for name in tags {
                    try db.execute(sql: "INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')", arguments: [entry.id, name])
                }
                try SearchWrites.indexPending(db)
            }
        } catch {
            removeJournalFile(path)
            throw error
        }
        return entry
    }

    /// Writes a new journal file where its path says; one already there is never replaced.
    func writeJournalFile(_ file: JournalFile) throws {
        let path = file.path
        try changeLog?.note(path)
        try AtomicFile.create(
            file.serialized(), root: library.root, folders: [JournalFilePath.folderName] + path.folders, name: path.fileName)
    }

    /// Removes a journal file this process wrote, when its entry could not be stored or was deleted.
    func removeJournalFile(_ path: JournalFilePath) {
        // Removed even when it cannot be noted: the change it belongs to asks for it gone.
        try? changeLog?.note(path)
        AtomicFile.remove(root: library.root, folders: [JournalFilePath.folderName] + path.folders, name: path.fileName)
    }

    /// A text entry's `content_hash`: unique, as the column must be, and never 64 hex digits,
    /// so no photo's bytes can ever match it.
    package static func textContentHash(id: String) -> String { "text:" + id }
}
