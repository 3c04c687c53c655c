import Foundation

/// The form place names are compared in: lower case, marks removed, a few letters without a
/// Unicode decomposition spelled as people type them ("Łódź" → "lodz", "Zürich" → "zurich").
/// Must stay the same as `fold` in scripts/derive_places.py, which sorted the table's name
/// index by it (PlaceNameTests checks the whole index).
public enum PlaceNameKey {
    static let extraFolds: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d", "ħ": "h",
    ]

    public static func fold(_ text: String) -> String {
        var unmarked = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            unmarked.append(scalar)
        }
        var folded = ""
        for character in String(unmarked).lowercased() {
            if let replacement = extraFolds[character] { folded += replacement } else { folded.append(character) }
        }
        return folded.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
