import Crypto

/// Which text an edit started from: the first 64 bits of the text's SHA-256, as 16 hex digits.
///
/// A digest of the words rather than a counter or `updated_at`: `updated_at` moves only once
/// a second, so two saves in one second would look alike; a counter would need a migration,
/// and it would also move when someone else changes only the tags or the date, which must
/// not block a text save (nothing of theirs is lost when the text is written). Text changed
/// and changed back has the version it started with, and saving over it loses nothing either.
package struct TextVersion: Sendable, Hashable, CustomStringConvertible {
    package let description: String

    package init(of text: String) {
        let hex = Array("0123456789abcdef".utf8)
        let digest = SHA256.hash(data: Array(text.utf8)).prefix(8)
        description = String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0f)]] }, as: UTF8.self)
    }

    /// A version as `--json` prints it and a form carries it back; nil for anything else.
    package init?(_ text: some StringProtocol) {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        description = String(text)
    }
}

extension JournalEntry {
    /// The most an entry's text may hold, in UTF-8 bytes (1 MiB): the same for `daybook edit`,
    /// the web form and `import`.
    package static let maximumTextBytes = 1 << 20

    package var textVersion: TextVersion { TextVersion(of: text) }
}

/// A text save refused because the entry's text changed after the edit began (in another
/// tab, by `daybook edit`, by an import): the journal's text and the one that was not saved,
/// so the caller can show both and nothing is lost.
package struct EditConflict: Error, Sendable, Equatable, CustomStringConvertible {
    package let entryID: String
    /// The text in the journal now, and its version for a save over it.
    package let currentText: String
    package let currentVersion: TextVersion
    /// The text that was not saved.
    package let submittedText: String

    package var description: String {
        "entry \(entryID.prefix(8)) was changed since this edit began; the new text was not saved over it"
    }
}
