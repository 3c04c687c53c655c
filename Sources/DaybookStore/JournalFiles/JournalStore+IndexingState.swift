import DaybookCore
import Foundation
import GRDB

/// What of an entry its journal file speaks for, as the index holds it: the row, the user's
/// tags, the automatic tags the person removed, and the stack choices. Indexing compares the
/// state a file asks for with this one, so a file the index already agrees with (the one
/// Daybook itself just wrote) changes nothing, not even `updated_at`.
struct IndexedEntryState: Equatable {
    var entry: JournalEntry
    var userTags: Set<String>
    var removedTags: Set<String>
    var stackCoverPicked: Bool
    var stackSplit: Bool

    /// A row not stored yet: no tags, no choices.
    init(new entry: JournalEntry) {
        self.entry = entry
        userTags = []
        removedTags = []
        stackCoverPicked = false
        stackSplit = false
    }

    /// `entry` as the index holds it.
    init(_ db: Database, entry: JournalEntry) throws {
        self.entry = entry
        userTags = Set(
            try String.fetchAll(db, sql: "SELECT name FROM tag WHERE entry_id = ? AND source = 'user'", arguments: [entry.id]))
        removedTags = Set(try String.fetchAll(db, sql: "SELECT name FROM tag_removal WHERE entry_id = ?", arguments: [entry.id]))
        let row = try Row.fetchOne(db, sql: "SELECT stack_cover_picked, stack_split FROM entry WHERE id = ?", arguments: [entry.id])
        stackCoverPicked = row?["stack_cover_picked"] ?? false
        stackSplit = row?["stack_split"] ?? false
    }

    /// The state `file` asks for. A text entry's date, zone and place are always the
    /// person's; a photo entry's only when the file says they were set by hand (otherwise
    /// the photo's own say). User tags are exactly the file's; removals and stack choices
    /// are only ever added, since a file written before those keys existed says nothing of
    /// them, and nothing the person chose is dropped for a file's silence. A new date or
    /// position makes the weather pending again and a new position is named by `place`.
    func applying(_ file: JournalFile, place: (inout JournalEntry) -> Void) -> IndexedEntryState {
        var next = self
        let isText = entry.media == .text
        next.entry.text = file.text
        if isText || file.dateSetByHand {
            if next.entry.capturedLocal != file.date || next.entry.captureSource != .user {
                next.entry.capturedLocal = file.date
                next.entry.captureSubsec = nil
                next.entry.captureSource = .user
            }
            next.entry.offset = Self.offset(file.utcOffsetSeconds, keeping: entry.offset)
        }
        let placeFromFile = isText || file.placeSetByHand
        if placeFromFile, let location = file.location {
            if !Self.samePosition(entry.location, location) {
                next.entry.location = GeoLocation(latitude: location.latitude, longitude: location.longitude)
            }
            next.entry.locationSource = .user
        } else if isText, file.location == nil {
            next.entry.location = nil
            next.entry.locationSource = nil
        }
        next.userTags = Set(file.tags)
        next.removedTags = removedTags.union(file.removedTags).subtracting(file.tags)
        if !isText {
            if file.stackChoice == .cover && !stackSplit { next.stackCoverPicked = true }
            if file.stackChoice == .split {
                next.stackSplit = true
                next.stackCoverPicked = false
            }
        }
        if next.movedPosition(from: entry) {
            // The old place's zone went with the old place; `place` gives the new one's.
            if next.entry.offset?.source == .placeTimeZone { next.entry.offset = nil }
            next.entry.place = nil
            next.entry.placeVersion = nil
            next.entry.timeZoneNote = nil
            if next.entry.location != nil { place(&next.entry) }
        }
        if next.movedMoment(from: entry) {
            next.entry.weatherStatus = next.entry.location != nil && next.entry.capturedLocal != nil ? .pending : .unavailable
            next.entry.weatherError = nil
        }
        return next
    }

    func movedPosition(from old: JournalEntry) -> Bool {
        old.location?.latitude != entry.location?.latitude || old.location?.longitude != entry.location?.longitude
    }

    /// The weather belonged to the old time or place.
    func movedMoment(from old: JournalEntry) -> Bool { movedPosition(from: old) || old.capturedLocal != entry.capturedLocal }

    /// The file's offset; the index's own when the seconds agree, since the file does not say
    /// where an offset came from. A floating time the place's zone gave an offset keeps it: the
    /// zone is worked out from the place, not written by anyone; and a photo's date set by hand
    /// on such a time was given that zone's offset at the new date (summer and winter differ),
    /// so other seconds still come from the place's zone.
    static func offset(_ seconds: Int?, keeping current: UTCOffset?) -> UTCOffset? {
        guard let seconds else { return current?.source == .placeTimeZone ? current : nil }
        if current?.seconds == seconds { return current }
        return UTCOffset(seconds: seconds, source: current?.source == .placeTimeZone ? .placeTimeZone : .device)
    }

    static func samePosition(_ stored: GeoLocation?, _ file: GeoLocation) -> Bool {
        stored?.latitude == file.latitude && stored?.longitude == file.longitude
    }
}
