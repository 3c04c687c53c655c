/// A count as the CLI's progress and the web journal's pages write it: "10,000", thousands
/// grouped by commas whatever the locale, as the rest of their words are English.
package enum CountText {
    package static func grouped(_ value: Int) -> String {
        guard value >= 0 else { return "-" + grouped(-value) }
        var digits = String(value)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }
}
