import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// Changes an entry's words, capture date and/or position in one transaction;
    /// `updated_at` moves. A date set by hand is marked as coming from the user and keeps the
    /// entry's UTC offset (the place did not move), except one its place's zone gave: `rezone`
    /// works that out again for the new date (summer and winter differ). A position given is
    /// the user's; `place` names it and gives the zone (DaybookIngest's `EntryPlacer.place`),
    /// an offset the old place's zone gave going with the old place. Either one makes the
    /// weather pending again, for the new time or place.
    ///
    /// With `basedOn`, the text is saved only over the text of that version (compare-and-set
    /// in the same transaction, so the web and the CLI cannot interleave): otherwise it throws
    /// `EditConflict` and changes nothing. Tags are not part of the version, so a change of
    /// tags elsewhere never blocks a text save.
    @discardableResult
    package func edit(
        entryID: String, text: String? = nil, basedOn: TextVersion? = nil, capturedAt: LocalDateTime? = nil,
        location: GeoLocation? = nil, rezone: (inout JournalEntry) -> Void = { _ in },
        place: (inout JournalEntry) -> Void = { _ in }
    ) throws -> JournalEntry {
        if let text, text.utf8.count > JournalEntry.maximumTextBytes { throw StoreError.textTooLong(bytes: text.utf8.count) }
        let now = JournalEntry.timestamp(Date())
        return try writeWithJournalFiles { db, writes in
            guard var entry = try JournalEntry.fetchOne(db, key: entryID) else { throw StoreError.entryNotFound(entryID) }
            let before = entry
            if let text {
                if entry.media == .text { try Self.checkText(text) }
                // The same words from both sides are no conflict.
                if let basedOn, entry.textVersion != basedOn, entry.text != text {
                    throw EditConflict(entryID: entryID, currentText: entry.text, currentVersion: entry.textVersion, submittedText: text)
                }
                entry.text = text
            }
            if let capturedAt {
                entry.capturedLocal = capturedAt
                entry.captureSubsec = nil
                entry.captureSource = .user
            }
            if let location {
                entry.location = location
                entry.locationSource = .user
                if entry.offset?.source == .placeTimeZone { entry.offset = nil }
                place(&entry)
            } else if capturedAt != nil {
                rezone(&entry)
            }
            if capturedAt != nil || location != nil {
                // The weather belonged to the old time or place.
                try db.execute(sql: "DELETE FROM weather WHERE entry_id = ?", arguments: [entryID])
                entry.weatherStatus = entry.location != nil && entry.capturedLocal != nil ? .pending : .unavailable
                entry.weatherError = nil
            }
            entry.updatedAt = now
            try entry.update(db)
            // A photo entry's words, date or place are the person's: its file holds them.
            try saveJournalFile(of: &entry, was: before, db, &writes)
            return entry
        }
    }
}
