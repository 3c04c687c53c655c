import DaybookCore
import DaybookStore

extension JournalExport {
    /// `places.md`: the entries with a named place, sectioned by country, then region and
    /// town, oldest first, each line linking to its entry in the month's file (the thumbnails
    /// copied for those files). Nil when no entry has a named place. Place names come from
    /// the embedded place table and go only into the text, never into a file name.
    static func placesMarkdown(_ items: [JournalItem]) -> String? {
        let named = items.filter { $0.entry.place != nil }
        guard !named.isEmpty else { return nil }
        let byCountry = Dictionary(grouping: named) { $0.entry.place?.country ?? "" }
        var text = "# Places\n"
        for country in byCountry.keys.sorted() {
            text += "\n## \(markdownInline(country))\n"
            let byTown = Dictionary(grouping: byCountry[country] ?? []) { item in
                [item.entry.place?.region, item.entry.place?.name ?? "Open country"].compactMap { $0 }.joined(separator: " · ")
            }
            for town in byTown.keys.sorted() {
                text += "\n### \(markdownInline(town))\n\n"
                for item in (byTown[town] ?? []).sorted(by: { order($0.entry) < order($1.entry) }) {
                    text += "- " + line(item.entry) + "\n"
                }
            }
        }
        return text
    }

    /// Oldest first, undated last.
    private static func order(_ entry: JournalEntry) -> (Int64, String) {
        (entry.capturedLocal?.secondsSinceEpochIgnoringZone ?? .max, entry.id)
    }

    /// "[2019-07-14 10:30](2019-07.md) Lunch by the river · id 3f2a1b2c"
    private static func line(_ entry: JournalEntry) -> String {
        let month = entry.capturedLocal.map { CalendarMonth($0.date).description } ?? "undated"
        var line = "[\(entry.capturedLocal?.readable(seconds: false) ?? "No date")](\(month).md)"
        if let first = entry.text.split(separator: "\n").first { line += " \(markdownInline(first))" }
        if let name = entry.thumbnailName { line += " ![\(markdownInline(entry.shortID))](thumbnails/\(name.fileName))" }
        return line + " · id \(markdownInline(entry.shortID))"
    }
}
