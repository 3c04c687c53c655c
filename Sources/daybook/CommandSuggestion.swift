/// The one line for a command name daybook does not know, with the nearest real name when
/// one is close enough to be what was meant: `lst` → "did you mean `list`?".
enum CommandSuggestion {
    /// The error line for `arguments` (as reordered for parsing) when its first word should
    /// be a command and is none of `names`; nil when there is nothing to say.
    static func unknownCommandMessage(_ arguments: [String], names: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), !names.contains(word), word != "help" else { return nil }
        let shown = word.unicodeScalars.contains { $0.properties.generalCategory == .control } ? word.debugDescription : "`\(word)`"
        if let near = closest(to: word, among: names) { return "unknown command \(shown): did you mean `\(near)`?" }
        return "unknown command \(shown): see `daybook --help` for the commands"
    }

    /// The name within two edits (a transposition counts as one) and less than half its
    /// length away, else the only name that starts with a word of three letters or more.
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = word.lowercased()
        let scored = names.map { (name: $0, distance: editDistance(typed, $0)) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2, best.distance * 2 < best.name.count {
            return best.name
        }
        let prefixed = names.filter { $0.hasPrefix(typed) }
        return typed.count >= 3 && prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours, the slips a typing hand makes.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
