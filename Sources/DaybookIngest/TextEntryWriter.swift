import DaybookCore
import DaybookStore
import Foundation

/// A new text entry as `daybook write` asks for it: dated on this device (`NewTextEntry`),
/// placed and named offline, then handed to the store's one journal writer.
public struct TextEntryWriter: Sendable {
    public let store: JournalStore
    public let placer: EntryPlacer

    public init(store: JournalStore, placer: EntryPlacer) {
        self.store = store
        self.placer = placer
    }

    /// `date` nil means now, on this device's clock and in its zone (`zone`). A date given
    /// with a position takes the place's zone (the person was there then); one given without
    /// takes `zone`'s offset at that date. A position is named offline, and the entry's
    /// weather is then pending for `backfill-weather`.
    public func write(
        text: String, date: LocalDateTime? = nil, location: GeoLocation? = nil, tags: [String] = [], now: Date = Date(),
        zone: TimeZone = .current
    ) throws -> JournalEntry {
        var new = NewTextEntry(text: text, date: date, tags: tags, now: now, zone: zone)
        new.location = location
        if date != nil && location != nil { new.offset = nil }
        return try store.write(new, now: now, place: placer.place)
    }
}
