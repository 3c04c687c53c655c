import Foundation

/// Which words end a conflict.
public enum ConflictChoice: Sendable, Hashable {
    /// The words at the file's name, which the journal shows.
    case mine
    /// The words Syncthing set aside in the conflict copy.
    case theirs
    /// Words the person wrote from both (a merge).
    case text(String)
}

extension JournalStore {
    /// Ends `conflict`: the chosen words go through the normal edit (`edit`, which writes the
    /// entry's file and then its row), then the conflict copy is removed. Both sides are read
    /// again first, and anything changed since `conflict` was read (a side rewritten, a copy
    /// gone) is refused, so a person never settles a conflict they did not see.
    ///
    /// Only the words are chosen: the other values at the file's name (tags, date, place)
    /// stay, and the copy's differing ones are for the person to carry over by hand
    /// (`JournalConflict.differences`).
    @discardableResult
    public func resolveConflict(_ conflict: JournalConflict, keeping choice: ConflictChoice) throws -> JournalEntry {
        let fresh = JournalConflict(copy: conflict.copy, library: library)
        guard fresh == conflict else {
            throw StoreError.io("\(conflict.copy) or the file beside it changed since it was read; look at the conflict again")
        }
        let mine: JournalFile
        switch fresh.mine {
        case .file(let file): mine = file
        case .problem(let problem):
            throw StoreError.io("\(problem); fix that line, or keep a text with the file by hand; nothing was changed")
        case .missing:
            throw StoreError.io("\(conflict.copy.original) is gone (deleted on a device): the copy is left as it is")
        }
        guard mine.deleted == nil else {
            throw StoreError.io("entry \(mine.id.prefix(8)) was deleted; `daybook trash restore` it first, then resolve")
        }
        let text: String
        switch choice {
        case .mine: text = mine.text
        case .text(let merged): text = merged
        case .theirs:
            guard case .file(let theirs) = fresh.theirs else {
                if case .problem(let problem) = fresh.theirs { throw StoreError.io("\(problem); their text cannot be kept as it is") }
                throw StoreError.io("\(conflict.copy) is gone")
            }
            text = theirs.text
        }
        guard var entry = try self.entry(id: mine.id) else {
            throw StoreError.io("entry \(mine.id.prefix(8)) is not in this journal's index yet; run `daybook rebuild` or `daybook watch`")
        }
        // Keeping the words the file and the index both hold already changes nothing but the copy.
        if text != mine.text || text != entry.text { entry = try edit(entryID: entry.id, text: text) }
        try removeConflictCopy(fresh)
        return entry
    }

    /// Removes the copy when it still holds the bytes read: a copy changed meanwhile stays.
    private func removeConflictCopy(_ conflict: JournalConflict) throws {
        let url = conflict.copy.url(in: library)
        guard let bytes = FileManager.default.contents(atPath: url.path), bytes == conflict.theirBytes else {
            throw StoreError.io("\(conflict.copy) changed while the words were saved; it is left as it is")
        }
        AtomicFile.remove(
            root: library.root, folders: [JournalFilePath.folderName] + conflict.copy.original.folders, name: conflict.copy.fileName)
    }
}

extension JournalConflict {
    /// The values besides the words in which the copy differs from the file at the name, as
    /// `(what, mine, theirs)`: the person sees them, and keeps what they want with `edit`/`tag`.
    public var differences: [(field: String, mine: String, theirs: String)] {
        guard case .file(let mine) = mine, case .file(let theirs) = theirs else { return [] }
        var fields: [(String, String, String)] = []
        func add(_ field: String, _ a: String, _ b: String) { if a != b { fields.append((field, a, b)) } }
        add("date", mine.date.iso8601, theirs.date.iso8601)
        add("place", mine.placeName ?? "", theirs.placeName ?? "")
        add("position", Self.position(mine), Self.position(theirs))
        add("tags", mine.tags.joined(separator: ", "), theirs.tags.joined(separator: ", "))
        add("removed tags", mine.removedTags.joined(separator: ", "), theirs.removedTags.joined(separator: ", "))
        add("deleted", mine.deleted ?? "", theirs.deleted ?? "")
        return fields
    }

    private static func position(_ file: JournalFile) -> String {
        file.location.map { "\($0.latitude),\($0.longitude)" } ?? ""
    }
}
