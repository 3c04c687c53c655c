import GRDB

/// The full-text index's vocabulary, so that a typed word of 4 characters or more is searched
/// as the OR of the exact terms it begins (`harb` → `harbour OR harbours`) instead of as a
/// prefix. FTS5 builds a long prefix's whole merged list before `ORDER BY rowid DESC LIMIT`
/// can stop, which grows with the journal, but walks an OR of exact terms lazily and stops
/// after the page. Shorter words keep the index's own 2- and
/// 3-character prefix lists (`SearchOrder`).
///
/// The vocabulary is a contentless FTS5 table (`search_term`) fed the same words by the same
/// tokenizer as `entry_search`, every row under rowid 1, read through `fts5vocab`: each term's
/// list is then one row long, so listing the terms after a prefix reads a row per term (the
/// vocabulary of `entry_search` itself would read every term's whole list).
/// Triggers feed it every word written (new entries of a save or batch, once per transaction:
/// `SearchWrites`); nothing is taken out when an entry changes or goes,
/// so it may hold terms the index no longer has. Such a term matches nothing: the OR still
/// finds exactly what the prefix finds.
enum SearchTerms {
    /// The most terms a prefix is expanded to. An OR costs a set-up for every term, a prefix
    /// a little for each entry of its terms' lists, which the vocabulary cannot tell: many
    /// common terms favour the OR, many rare ones the prefix. Up to this many terms neither
    /// form is slow at a million entries, whatever the lists hold, so the OR's gain on common
    /// words is kept; past it the set-ups alone outweigh it, and the prefix form stays.
    static let maximumTerms = 150
    /// Words shorter than this (in characters, as FTS5 counts them) have prefix lists.
    static let shortestExpanded = 4

    /// The words of a search (`SearchIndex.matchExpression`, every word a prefix) with each
    /// longer word as the OR of the terms it begins, or as it was past `maximumTerms`. Nil
    /// when no word has a token for the index.
    static func expanding(_ prefixes: String, _ db: Database) throws -> String? {
        let tokenizer = try db.makeTokenizer(.unicode61(diacritics: .remove))
        // GRDB's pattern is `word* word*`, its words split by the ASCII tokenizer: no spaces.
        let words = try prefixes.split(separator: " ").compactMap { word -> String? in
            guard word.hasSuffix("*") else { return String(word) }
            let tokens = try tokenizer.tokenize(query: String(word.dropLast())).filter { !$0.flags.contains(.colocated) }.map(\.token)
            // A word without a token for the index ("—") is ignored beside others by FTS5's
            // implicit AND, but an explicit one would match nothing: it is left out.
            if tokens.isEmpty { return nil }
            return try expanded(tokens, db) ?? String(word)
        }
        // An explicit AND: FTS5 takes no implicit one beside a parenthesised group.
        return words.isEmpty ? nil : words.joined(separator: " AND ")
    }

    /// A word's tokens as `("term" OR "term")`, when it is one token of `shortestExpanded`
    /// characters or more (FTS5 makes a word of several tokens, "o’neil*", a phrase whose
    /// last token only is a prefix) and begins 1 to `maximumTerms` terms.
    private static func expanded(_ tokens: [String], _ db: Database) throws -> String? {
        guard tokens.count == 1, let prefix = tokens.first, prefix.unicodeScalars.count >= shortestExpanded else { return nil }
        let terms = try self.terms(beginning: prefix, db)
        guard (1...maximumTerms).contains(terms.count) else { return nil }
        return "(" + terms.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " OR ") + ")"
    }

    /// The vocabulary's terms that begin with `prefix` byte for byte, as FTS5 compares them,
    /// up to one more than `maximumTerms`.
    static func terms(beginning prefix: String, _ db: Database) throws -> [String] {
        var terms: [String] = []
        let statement = try db.cachedStatement(sql: "SELECT term FROM search_term_vocab WHERE term >= ?")
        let cursor = try String.fetchCursor(statement, arguments: [prefix])
        while let term = try cursor.next(), term.utf8.starts(with: prefix.utf8), terms.count <= maximumTerms {
            terms.append(term)
        }
        return terms
    }
}
