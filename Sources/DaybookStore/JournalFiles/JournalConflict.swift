import Foundation

/// An entry whose journal file two devices changed at once: the version at the file's name
/// ("mine", what this journal shows) and the one Syncthing set aside beside it ("theirs"),
/// each read by the strict parser. Neither is chosen for the person: both texts stay until
/// they keep one or save a merge (`JournalStore.resolveConflict`).
public struct JournalConflict: Sendable, Hashable {
    /// What one side's file holds.
    public enum Side: Sendable, Hashable {
        case file(JournalFile)
        /// The file does not parse: shown with its line, never written over.
        case problem(JournalFileError)
        /// No file at that name (deleted on one device while changed on the other).
        case missing
    }

    public let copy: JournalConflictCopy
    public let mine: Side
    public let theirs: Side
    /// The bytes the copy held when read: a resolve removes it only if it still holds them.
    let theirBytes: Data?

    /// Reads both sides of `copy` in `library`.
    public init(copy: JournalConflictCopy, library: Library) {
        self.copy = copy
        mine = Self.read(copy.original.url(in: library), path: copy.original.description).side
        let (theirs, bytes) = Self.read(copy.url(in: library), path: copy.description)
        self.theirs = theirs
        theirBytes = bytes
    }

    /// The entry the conflict is about: the id either side's file names (the file name holds
    /// only its first eight digits).
    public var entryID: String? {
        for side in [mine, theirs] { if case .file(let file) = side { return file.id } }
        return nil
    }

    /// The entry's short id as the file name gives it, when neither side parses.
    public var shortID: String { String(copy.original.fileName.dropFirst(11).prefix(8)) }

    /// The first line of whichever side has words: how lists name the entry.
    public var title: String {
        for side in [mine, theirs] {
            if case .file(let file) = side, let line = file.text.split(separator: "\n").first { return String(line) }
        }
        return ""
    }

    /// Every conflict in `library`'s journal, by path.
    public static func all(in library: Library) -> [JournalConflict] {
        JournalConflictCopy.all(in: library).map { JournalConflict(copy: $0, library: library) }
    }

    /// The conflicts of entry `id`, whose file is at `path`: one folder's listing.
    public static func of(entryID id: String, at path: JournalFilePath, in library: Library) -> [JournalConflict] {
        JournalConflictCopy.of(path, in: library).map { JournalConflict(copy: $0, library: library) }.filter {
            $0.entryID == nil || $0.entryID == id
        }
    }

    /// The conflicts of `entry`'s journal file, where its kind and date put it.
    public static func of(_ entry: JournalEntry, in library: Library) -> [JournalConflict] {
        let path =
            entry.media == .text
            ? JournalFilePath(relative: entry.sourcePath) : entry.capturedLocal.map { JournalFilePath(id: entry.id, date: $0) }
        return path.map { of(entryID: entry.id, at: $0, in: library) } ?? []
    }

    private static func read(_ url: URL, path: String) -> (side: Side, bytes: Data?) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return (.missing, nil) }
        guard info.st_mode & S_IFMT == S_IFREG else { return (.problem(JournalFileError(path: path, "not a regular file")), nil) }
        guard info.st_size <= JournalFileParser.maximumFileBytes, let data = FileManager.default.contents(atPath: url.path) else {
            return (.problem(JournalFileError(path: path, "cannot be read, or is larger than a journal file may be")), nil)
        }
        do {
            return (.file(try JournalFileParser.parse(data, path: path)), data)
        } catch let error as JournalFileError {
            return (.problem(error), data)
        } catch {
            return (.problem(JournalFileError(path: path, "\(error)")), data)
        }
    }
}
