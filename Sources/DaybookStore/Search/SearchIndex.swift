import GRDB

/// The full-text index over an entry's words and tags (SQLite FTS5). Triggers keep it in step
/// with every write, whichever code path makes it, so it can never drift from the journal;
/// migration v4 made them, and later ones remade the index with more columns (`Migrations`).
///
/// Each entry's search row is found by an integer key (`search_key`, AUTOINCREMENT so keys
/// are never reused and survive VACUUM) used as the FTS rowid: an FTS5 column cannot be
/// indexed, and finding rows by entry id would scan the whole index on every tag written.
/// Since migration v16 the keys follow the timeline instead of counting up (`SearchOrder`);
/// since v23 the insert paths write new entries' rows once per transaction (`SearchWrites`).
enum SearchIndex {
    /// A tag as an FTS5 phrase restricted to the tags column: `tags : "summer trip"`. Tag
    /// names are checked (`JournalTag.normalizedName`: letters, digits, `-` and `_`), so the
    /// phrase is built directly: an `FTS5Pattern` would cost two throwaway databases per tag
    /// on every search.
    static func tagPhrase(_ name: String) -> String? {
        let tokens = name.split { !$0.isLetter && !$0.isNumber }
        guard !tokens.isEmpty else { return nil }
        return "tags : \"\(tokens.joined(separator: " "))\""
    }

    /// Turns what a user typed into an FTS5 query: every word must match, each as a prefix
    /// ("beac" finds "beach"). Case and accents are folded by the index's own tokenizer when
    /// it reads the pattern.
    ///
    /// The words are split as GRDB's `FTS5Pattern(matchingAllPrefixesIn:)` splits them (FTS5's
    /// ascii tokenizer), here in Swift: GRDB opens two throwaway databases on every call, one
    /// to tokenize and one to check the pattern, which would cost a search page more than its
    /// walk. The check cannot fail on these words: each is a bareword to FTS5 (ASCII
    /// letters and digits, lowercased so never `AND`/`OR`/`NOT`/`NEAR`, and bytes past
    /// ASCII), and SearchMatchExpressionTests compares the two on many texts.
    static func matchExpression(for text: String) -> String? {
        // GRDB reads each token back through Foundation, which drops a leading byte-order
        // mark; a token of that mark alone leaves a bare `*`, a pattern FTS5 refuses (nil).
        let words = asciiTokens(text).map { $0.hasPrefix("\u{FEFF}") ? String($0.unicodeScalars.dropFirst()) : $0 }
        guard !words.isEmpty, !words.contains("") else { return nil }
        return words.map { $0 + "*" }.joined(separator: " ")
    }

    /// FTS5's ascii tokenizer (fts5_tokenize.c) with its defaults: a token is a run of ASCII
    /// letters and digits and of bytes past ASCII (so a multi-byte character is never cut),
    /// ASCII letters folded to lower case; every other ASCII byte separates.
    static func asciiTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var token: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): token.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...: token.append(byte)
            default:
                if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
                token.removeAll(keepingCapacity: true)
            }
        }
        if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
        return tokens
    }
}
