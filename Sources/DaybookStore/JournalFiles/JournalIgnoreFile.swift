import Foundation

/// `journal/.stignore`: the Syncthing ignore file that keeps the writer's temporary names
/// (`.NAME.XXXXXXXX.tmp`, `AtomicFile`) on the device that wrote them. Such a name lives for
/// a moment between the write and the rename, but a scan that catches it would send half a
/// file to the other device, which then has to delete it again.
///
/// A person's own `.stignore` is never replaced: when it lacks Daybook's pattern, the pattern
/// is added after their lines (Syncthing takes the first pattern that matches, so theirs still
/// decide every name they name), and every byte they wrote stays. Syncthing never sends a
/// `.stignore` to another device, so each device writes its own.
enum JournalIgnoreFile {
    static let name = ".stignore"
    /// `(?d)`: Syncthing may delete such a file when it is all that keeps a folder the other
    /// device removed (a month whose last entry moved) from being removed here too.
    static let pattern = "(?d).*.tmp"
    static let block = """
        // Daybook writes each journal file under a temporary name (.NAME.XXXXXXXX.tmp) and
        // then renames it: those names never travel to another device.
        \(pattern)

        """
    /// A person's ignore file larger than this is left as it is: it is not one to edit.
    static let maximumBytes = 256 << 10

    /// Writes or completes the ignore file in `library`'s journal folder, when that folder
    /// exists. Best effort: the journal works without it, so a folder that cannot be written
    /// (a read-only mount) does not stop the open.
    static func ensure(in library: Library) {
        let journal = library.root.appendingPathComponent(JournalFilePath.folderName)
        let fd = open(journal.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        ensure(inFolder: fd)
    }

    /// The same, in the open journal folder `folder`.
    static func ensure(inFolder folder: Int32) {
        let path = JournalFilePath.folderName
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { create(in: folder) }
            return
        }
        // A link or anything but a file is the person's arrangement: left as it is.
        guard info.st_mode & S_IFMT == S_IFREG,
            let current = try? AtomicFile.read(name, in: folder, path: path, maximumBytes: maximumBytes)
        else { return }
        guard let updated = completed(current) else { return }
        guard let temporary = try? AtomicFile.writeTemporary(updated, for: name, in: folder, path: path) else { return }
        if renameat(folder, temporary, folder, name) == 0 {
            fsync(folder)
        } else {
            unlinkat(folder, temporary, 0)
        }
    }

    /// The bytes `current` should become, or nil when it is right as it is (it has the
    /// pattern) or is not one to touch (too big: `read` gave one byte more than allowed).
    static func completed(_ current: Data) -> Data? {
        guard current.count <= maximumBytes else { return nil }
        let lines = String(decoding: current, as: UTF8.self).split(whereSeparator: \.isNewline)
        if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces) == pattern }) { return nil }
        var updated = current
        if let last = current.last, last != UInt8(ascii: "\n") { updated.append(UInt8(ascii: "\n")) }
        updated.append(contentsOf: Data(block.utf8))
        return updated
    }

    /// A new ignore file, linked in place so that one a person wrote meanwhile is kept.
    private static func create(in folder: Int32) {
        guard let temporary = try? AtomicFile.writeTemporary(Data(block.utf8), for: name, in: folder, path: JournalFilePath.folderName)
        else { return }
        let linked = linkat(folder, temporary, folder, name, 0) == 0
        unlinkat(folder, temporary, 0)
        if linked { fsync(folder) }
    }
}
