import DaybookCore
import DaybookStore
import DaybookWeather
import Foundation

/// A new text entry as `daybook write` (and later the web's form) asks for it: works out its
/// date, UTC offset and place, then hands it to the store's one journal writer.
public struct TextEntryWriter: Sendable {
    public let store: JournalStore
    public let placer: EntryPlacer

    public init(store: JournalStore, placer: EntryPlacer) {
        self.store = store
        self.placer = placer
    }

    /// `date` nil means now, on this device's clock and in its zone (`zone`). A date given
    /// with a position takes the place's zone (the person was there then); one given without
    /// takes `zone`'s offset at that date, and stays floating when the clocks skipped or
    /// repeated that time. A position is named offline, and the entry's weather is then
    /// pending for `backfill-weather`.
    public func write(
        text: String, date: LocalDateTime? = nil, location: GeoLocation? = nil, tags: [String] = [], now: Date = Date(),
        zone: TimeZone = .current
    ) throws -> JournalEntry {
        var new = NewTextEntry(text: text, date: LocalDateTime(unixSecondsIgnoringZone: 0), offset: nil, location: location, tags: tags)
        if let date {
            new.date = date
            if location == nil {
                let instant = PlaceTime.instant(of: date, in: zone)
                if instant.resolution == .unique { new.offset = UTCOffset(seconds: instant.offsetSeconds, source: .device) }
            }
        } else {
            let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
            let offset = zone.secondsFromGMT(for: now)
            new.date = LocalDateTime(unixSecondsIgnoringZone: seconds + Int64(offset))
            new.offset = UTCOffset(seconds: offset, source: .device)
        }
        return try store.write(new, now: now, place: placer.place)
    }
}
