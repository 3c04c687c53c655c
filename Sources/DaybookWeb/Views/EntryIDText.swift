/// Whether text can be an entry id or a prefix of one: 4–36 characters of lower-case hex
/// digits and '-'. Anything else ("../", "%00") never reaches the store or a file name.
enum EntryIDText {
    private static let characters = Set("0123456789abcdef-".utf8)

    static func isWellFormed(_ text: String) -> Bool {
        (4...36).contains(text.utf8.count) && text.utf8.allSatisfy { characters.contains($0) }
    }
}
