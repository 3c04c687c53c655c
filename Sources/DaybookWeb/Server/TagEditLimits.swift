import DaybookStore

/// How many tags the web's forms may change at once, and give one entry. Each tag is a write
/// under the journal's one writer: a form of thousands of `add=` fields would hold every other
/// edit back for many seconds.
enum TagEditLimits {
    /// Tags one form may add and remove together: far more than anyone types at once.
    static let perForm = 50
    /// An entry's own tags (the person's, not the tagger's) after an edit from the web: the
    /// store's own limit (`JournalTag.maximumOwnPerEntry`), said before the store is asked. An
    /// edit that leaves the entry no more tags than it had (one that only removes) is never refused.
    static let perEntry = JournalTag.maximumOwnPerEntry

    /// Why a form naming `count` tags is refused, nil when it is within the limit.
    static func formProblem(count: Int) -> String? {
        guard count > perForm else { return nil }
        return "A tag form may change at most \(perForm) tags; this one names \(count). Nothing was changed."
    }

    /// Why an edit of an entry whose own tags are `current` is refused, nil when it is
    /// allowed. Names that are not tags are left for the store to refuse with its reason.
    static func entryProblem(current: [String], add: [String], remove: [String]) -> String? {
        let now = Set(current)
        let after = now.subtracting(remove.compactMap { try? JournalTag.normalizedName($0) })
            .union(add.compactMap { try? JournalTag.normalizedName($0) })
        guard after.count > perEntry, after.count > now.count else { return nil }
        return "An entry may have at most \(perEntry) tags of its own; this edit would give it \(after.count). Nothing was changed."
    }

    /// The names of an entry's own tags, which `entryProblem` counts.
    static func own(_ tags: [JournalTag]) -> [String] { tags.filter { $0.source == .user }.map(\.name) }
}
