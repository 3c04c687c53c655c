import DaybookCore
import DaybookStore

/// One line of a CLI list (`list`, `search`, `on-this-day`, `latest`, and the entries
/// `delete` names): date and weekday, place, weather, tags, the first line of the text, id.
/// Each column is escaped before it is cut to width, so hostile names keep the columns. A
/// long list writes each line into the one string it reuses (`append(_:to:)`), not into a
/// new one of its own, and each piece is appended by itself, with no array to join.
package enum ListLine {
    package static func text(_ entry: ListedEntry, layout: ListLayout = .full) -> TerminalText {
        var text = ""
        text.reserveCapacity(192)
        append(entry, layout: layout, to: &text)
        return TerminalText(trusted: text)
    }

    /// `text(_:layout:)` appended to `text`.
    package static func append(_ entry: ListedEntry, layout: ListLayout = .full, to text: inout String) {
        if let date = entry.capturedLocal { ListDate.append(date, to: &text) } else { text += ListDate.undated }
        ListColumn.append(entry.placeName ?? "—", layout.place, to: &text)
        if let width = layout.weather {
            ListColumn.append(WeatherText.column(temperatureC: entry.temperatureC, text: entry.weatherText), width, to: &text)
        }
        if let width = layout.tags { ListColumn.append(entry.tags.prefix(4).joined(separator: " "), width, to: &text) }
        if let width = layout.text, let firstLine = firstLine(entry.text) { ListColumn.append(firstLine, width, to: &text) }
        text += "  "
        text += entry.shortID
        // After the id, so that every column before it stays where scripts read it.
        if entry.isPhotoElsewhere { text += "  (photo on another device)" }
    }

    /// The first line of `text` that is not empty, as `split(separator: "\n").first`. A text
    /// without a line feed byte has no "\n" character (a "\r\n" is one character, and no line
    /// break), so most are taken whole without walking their characters.
    package static func firstLine(_ text: String) -> Substring? {
        if !text.utf8.contains(0x0A) { return text.isEmpty ? nil : text[...] }
        return text.split(separator: "\n", maxSplits: 1).first
    }
}
