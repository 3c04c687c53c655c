import DaybookCore

/// A reminder as `remind --dry-run --json` writes it: the day, each year's heading and
/// entries, the link. The channels' own forms are written beside it.
package struct ReminderOutput: Encodable, Sendable {
    struct Year: Encodable {
        let year: Int
        let yearsAgo: Int
        let heading: String
        let entries: [Entry]
    }

    struct Entry: Encodable {
        let id: String
        let capturedLocal: String?
        let media: String
        let place: String?
        let text: String?
        let thumbnail: String?
    }

    let date: String
    let kind: String
    let subject: String
    let entries: Int
    let link: String?
    let years: [Year]

    package init(_ reminder: Reminder) {
        date = reminder.today.iso
        kind = reminder.kind.rawValue
        subject = reminder.subject
        entries = reminder.entryCount
        link = reminder.link
        years = reminder.years.map { year in
            Year(
                year: year.year, yearsAgo: year.yearsAgo, heading: year.heading,
                entries: year.entries.map { line in
                    Entry(
                        id: line.id, capturedLocal: line.captured?.description, media: line.media.rawValue, place: line.place,
                        text: line.text, thumbnail: line.thumbnail?.fileName)
                })
        }
    }
}
