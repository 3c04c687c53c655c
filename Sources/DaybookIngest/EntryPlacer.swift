import DaybookCore
import DaybookPlaces
import DaybookStore
import DaybookWeather
import Foundation

/// Names an entry's place from its position and, when its capture time is floating, gives it
/// the place's time zone: the one place where both happen, for ingest, `daybook places
/// --update` and a date set by hand.
public struct EntryPlacer: Sendable {
    public let gazetteer: Gazetteer

    public init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// The embedded place table's placer.
    public static func embedded() throws -> EntryPlacer { EntryPlacer(gazetteer: try Gazetteer.shared()) }

    /// Looks the entry's position up (an entry without one is left alone), then its zone.
    public func place(_ entry: inout JournalEntry) {
        guard let location = entry.location else { return }
        entry.place = gazetteer.place(at: location)
        entry.placeVersion = gazetteer.version
        Self.zone(&entry)
    }

    /// A floating capture time read in the place's IANA zone becomes a real instant: the entry
    /// takes that offset (source `place-timezone`). The photo's own offset (EXIF tag, GPS
    /// clock) always wins. A time the zone skipped or repeated in a DST change stays floating,
    /// with `timeZoneNote` saying why; so does one whose place has no single zone.
    public static func zone(_ entry: inout JournalEntry) {
        if entry.offset?.source == .containerUTC { return zoneInstant(&entry) }
        if let offset = entry.offset, offset.source != .placeTimeZone {
            entry.timeZoneNote = nil
            return
        }
        guard let local = entry.capturedLocal, let name = entry.place?.timeZone, let zone = TimeZone(identifier: name) else {
            entry.timeZoneNote = nil
            return
        }
        let instant = PlaceTime.instant(of: local, in: zone)
        switch instant.resolution {
        case .gap:
            entry.offset = nil
            entry.timeZoneNote = "\(local.readable(seconds: false)) did not happen in \(name): the clocks went forward then"
        case .overlap:
            entry.offset = nil
            entry.timeZoneNote = "\(local.readable(seconds: false)) happened twice in \(name): the clocks went back then"
        case .unique, .entryOffset, .providerOffset:
            entry.offset = UTCOffset(seconds: instant.offsetSeconds, source: .placeTimeZone)
            entry.timeZoneNote = nil
        }
    }

    /// A video's mvhd time is an instant (UTC): the place's zone only says how to show it, so
    /// the local time moves with the zone's offset at that instant and the instant never does.
    /// Without a zone it stays at UTC.
    private static func zoneInstant(_ entry: inout JournalEntry) {
        guard let local = entry.capturedLocal, let offset = entry.offset else { return }
        let instant = local.unixSeconds(offsetSeconds: offset.seconds)
        let zone = entry.place?.timeZone.flatMap { TimeZone(identifier: $0) }
        let seconds = zone?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) ?? 0
        guard let shown = UTCOffset(seconds: seconds, source: .containerUTC) else { return }
        entry.capturedLocal = LocalDateTime(unixSecondsIgnoringZone: instant + Int64(seconds))
        entry.offset = shown
        entry.timeZoneNote = nil
    }
}

/// `daybook places --update`: looks up again every entry with a position that the current
/// place table has not named, in batches of one transaction each.
public struct PlaceUpdater: Sendable {
    public struct Summary: Sendable, Hashable, Encodable {
        public var lookedUp = 0
        /// Named after a town (within the radius).
        public var towns = 0
        /// Past the radius: the country alone.
        public var countriesOnly = 0
        /// At sea, or off the borders' coarse coastlines.
        public var unnamed = 0
        /// Floating times that took their place's zone.
        public var zoned = 0
        public var version: String
    }

    public let store: JournalStore
    public let placer: EntryPlacer
    public var batchSize = 500

    public init(store: JournalStore, placer: EntryPlacer) {
        self.store = store
        self.placer = placer
    }

    public func pending() throws -> Int { try store.entriesNeedingPlaces(version: placer.gazetteer.version) }

    /// Runs to the end; `progress` gets the count done after each batch.
    public func run(progress: (Int) -> Void = { _ in }) throws -> Summary {
        var summary = Summary(version: placer.gazetteer.version)
        while true {
            let batch = try store.updatePlaces(version: summary.version, limit: batchSize) { entry in
                let wasFloating = entry.offset == nil
                placer.place(&entry)
                if wasFloating && entry.offset != nil { summary.zoned += 1 }
            }
            guard !batch.isEmpty else { return summary }
            for entry in batch {
                if entry.place?.name != nil {
                    summary.towns += 1
                } else if entry.place != nil {
                    summary.countriesOnly += 1
                } else {
                    summary.unnamed += 1
                }
            }
            summary.lookedUp += batch.count
            progress(summary.lookedUp)
        }
    }
}
