import DaybookCore
import DaybookStore

/// Today's reminder of earlier years, said once for every channel (the e-mail's text and HTML,
/// the desktop notification, `remind --dry-run` and `--json`), so that no two channels tell
/// the same day differently.
package struct Reminder: Sendable, Equatable {
    package enum Kind: String, Sendable {
        /// Entries of today's month and day in earlier years.
        case onThisDay = "on-this-day"
        /// Nothing on this day: the entries of one other day, picked by the date.
        case randomMemory = "random-memory"
    }

    /// One year's entries, newest year first, under a heading such as "3 years ago, in Lisbon".
    package struct Year: Sendable, Equatable {
        package let year: Int
        package let yearsAgo: Int
        package let heading: String
        package let entries: [Line]
    }

    /// One entry as the reminder lists it.
    package struct Line: Sendable, Equatable {
        package let id: String
        package let captured: LocalDateTime?
        package let media: MediaKind
        /// "Lisbon, Portugal", as every list says an entry's place.
        package let place: String?
        /// The first line of the entry's words.
        package let text: String?
        /// The file in the library's `thumbnails/`.
        package let thumbnail: ThumbnailName?
    }

    /// A thumbnail the reminder shows, with the words that stand for it.
    package struct Picture: Sendable, Equatable {
        package let entryID: String
        package let thumbnail: ThumbnailName
        package let alt: String
    }

    /// The most thumbnails a reminder shows: a glance, not an album.
    package static let maximumPictures = 4

    package let today: CivilDate
    package let kind: Kind
    package let years: [Year]
    /// The web journal's on-this-day page for the day, when its address is known.
    package let link: String?

    /// `entries` in the timeline's order (newest year first), as `onThisDay` reads them.
    /// `site` is the web journal's address ("http://nas.local:8080"), without the page.
    package init(today: CivilDate, kind: Kind, entries: [JournalEntry], site: String?) {
        self.today = today
        self.kind = kind
        var years: [Year] = []
        var start = entries.startIndex
        while start < entries.endIndex {
            let year = entries[start].capturedLocal?.year ?? today.year
            let end = entries[start...].firstIndex { ($0.capturedLocal?.year ?? today.year) != year } ?? entries.endIndex
            let group = entries[start..<end]
            let places = ReminderWords.distinct(group.compactMap { $0.place.flatMap { $0.name ?? $0.country } })
            let yearsAgo = today.year - year
            let day = group.first?.capturedLocal.map(CivilDate.init)
            years.append(
                Year(
                    year: year, yearsAgo: yearsAgo,
                    heading: ReminderWords.heading(yearsAgo: yearsAgo, places: places, day: kind == .randomMemory ? day : nil),
                    entries: group.map(Line.init)))
            start = end
        }
        self.years = years
        let day = years.first?.entries.first?.captured.map(CivilDate.init)?.monthDay ?? today.monthDay
        link = site.map { ReminderWords.onThisDayLink(site: $0, day: day) }
    }

    package var entryCount: Int { years.reduce(0) { $0 + $1.entries.count } }
    package var isEmpty: Bool { years.isEmpty }

    /// "On this day: 3 years ago, in Lisbon, and 2 more years"; "A memory: 12 March 2019, 7 years ago, in Lisbon".
    package var subject: String {
        guard let first = years.first else { return "On this day: nothing from earlier years" }
        switch kind {
        case .randomMemory: return "A memory: \(first.heading)"
        case .onThisDay:
            let more = years.count - 1
            return "On this day: \(first.heading)" + (more == 0 ? "" : ", and \(more) more year\(more == 1 ? "" : "s")")
        }
    }

    /// "29 November" (the day looked back on).
    package var dayTitle: String {
        let day = years.first?.entries.first?.captured.map(CivilDate.init) ?? today
        return kind == .randomMemory ? ReminderWords.date(day) : "\(today.day) \(CalendarNames.monthNames[today.month - 1])"
    }

    /// Up to `maximumPictures` thumbnails: each year's first picture, newest year first, then the
    /// years' next ones, so that a day of many years shows several of them.
    package var pictures: [Picture] {
        var picked: [Picture] = []
        let withPictures = years.map { year in year.entries.filter { $0.thumbnail != nil }.map { (year, $0) } }
        var round = 0
        while picked.count < Self.maximumPictures, withPictures.contains(where: { $0.count > round }) {
            for lines in withPictures where lines.count > round && picked.count < Self.maximumPictures {
                let (year, line) = lines[round]
                let alt = [line.place, String(year.year)].compactMap { $0 }.joined(separator: ", ")
                picked.append(Picture(entryID: line.id, thumbnail: line.thumbnail!, alt: alt))
            }
            round += 1
        }
        return picked
    }
}

extension Reminder.Line {
    init(_ entry: JournalEntry) {
        self.init(
            id: entry.id, captured: entry.capturedLocal, media: entry.media, place: entry.placeName,
            text: ListLine.firstLine(entry.text).map { ReminderWords.oneLine(String($0)) }, thumbnail: entry.thumbnailName)
    }

    /// "10:30  photo  Lisbon, Portugal  A walk by the river"
    package var summary: String {
        [captured.map(CalendarNames.time), media.rawValue, place, text].compactMap { $0 }.joined(separator: "  ")
    }
}
