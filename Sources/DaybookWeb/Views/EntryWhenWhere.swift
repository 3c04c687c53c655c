import DaybookCore
import DaybookStore
import Foundation

/// What the entry page's date and place fields show, each in a form the field's route reads
/// back: a value sent back unchanged is no change (a town's name read again would move the
/// entry from its exact position to the town's centre).
enum EntryWhenWhere {
    /// `2024-05-17T12:30:00`, as a `datetime-local` field with seconds takes it.
    static func dateField(_ entry: JournalEntry) -> String { entry.capturedLocal?.iso8601 ?? "" }

    /// "Kyoto, JP" for a named town, "48.8566,2.3522" for a position with no town, else empty.
    static func placeField(_ entry: JournalEntry) -> String {
        if let name = entry.place?.name {
            return [name, entry.place?.countryCode].compactMap { $0 }.joined(separator: ", ")
        }
        guard let location = entry.location else { return "" }
        return "\(coordinate(location.latitude)),\(coordinate(location.longitude))"
    }

    /// Six decimals (a tenth of a metre), without trailing zeros.
    private static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The date field's value, `YYYY-MM-DDTHH:MM` or with seconds (a browser sends either),
    /// or the CLI's `YYYY-MM-DD HH:MM`.
    static func date(_ text: String) -> LocalDateTime? {
        LocalDateTime(commandLine: text.trimmingCharacters(in: .whitespaces))
    }
}
