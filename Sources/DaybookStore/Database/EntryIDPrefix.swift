import GRDB

/// An entry id, or the start of one, as every lookup by id takes it (`daybook show 3f2a`, a
/// page's `before=` cursor): four characters at least, hex digits and dashes, any case. The
/// entries it names are a range of the id index, asked for in id order, so that two rows
/// mean "not unique".
struct EntryIDPrefix {
    let text: String

    /// Fewer characters would name many entries of a journal of any size.
    static let minimumLength = 4

    init?(_ given: String) {
        let prefix = given.lowercased()
        guard prefix.count >= Self.minimumLength, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        text = prefix
    }

    /// `columns` of the first `limit` entries whose id begins with the prefix, in id order;
    /// bound to `arguments`.
    static func selectSQL(_ columns: String, limit: Int) -> String {
        "SELECT \(columns) FROM \(JournalEntry.databaseTableName) WHERE id >= ? AND id < ? ORDER BY id LIMIT \(limit)"
    }

    var arguments: StatementArguments { [text, text + "\u{10FFFF}"] }
}
