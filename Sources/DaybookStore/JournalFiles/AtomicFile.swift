import Foundation

/// Writes a file inside the library so that, whatever happens, its name holds either its old
/// bytes or all of its new ones, and survives a power cut once the call returns: written under
/// a temporary name, `fsync`ed, put in place, and the folder `fsync`ed.
///
/// Every folder from the library's own down is opened without following a link, so a link
/// planted in `journal/` cannot lead the write elsewhere; folders are made private (0700)
/// when missing, files 0600, as everything in the library is.
enum AtomicFile {
    /// Creates `name` in the folder `folders` (relative to `root`) with `data`. A file already
    /// there is never replaced: it is refused with `EEXIST`, since it may hold words.
    static func create(_ data: Data, root: URL, folders: [String], name: String) throws {
        let (directory, path) = try openFolders(root: root, folders: folders, create: true)
        defer { close(directory) }
        let temporary = try writeTemporary(data, for: name, in: directory, path: path)
        // link, not rename: it refuses a name that exists, where rename would replace it.
        let linked = linkat(directory, temporary, directory, name, 0) == 0
        let code = errno
        unlinkat(directory, temporary, 0)
        guard linked else {
            if code == EEXIST { throw StoreError.io("\(path)/\(name) exists already; it is left as it is") }
            throw StoreError.system(code, "cannot name \(path)/\(name)")
        }
        guard fsync(directory) == 0 else { throw StoreError.system(errno, "cannot write the folder \(path) to the disk") }
    }

    /// Replaces the file `name` with `data`, only once `check` has accepted the bytes it holds
    /// now: a file that does not read as expected is left as it is, and `check`'s error thrown.
    /// A file that holds `data` already is not written again, so a sync tool or a watcher of
    /// the folder sees a change only when there is one.
    static func replace(
        _ data: Data, root: URL, folders: [String], name: String, maximumBytes: Int, check: (Data) throws -> Void
    ) throws {
        let (directory, path) = try openFolders(root: root, folders: folders, create: false)
        defer { close(directory) }
        let current = try read(name, in: directory, path: path, maximumBytes: maximumBytes)
        try check(current)
        guard current != data else { return }
        try rename(try writeTemporary(data, for: name, in: directory, path: path), over: name, in: directory, path: path)
    }

    /// Puts `data` under `name`, whether a file is there or not: for the library's own small
    /// settings, where the newest whole file is right and processes may write it at once.
    static func put(_ data: Data, root: URL, folders: [String], name: String) throws {
        let (directory, path) = try openFolders(root: root, folders: folders, create: true)
        defer { close(directory) }
        try rename(try writeTemporary(data, for: name, in: directory, path: path), over: name, in: directory, path: path)
    }

    /// Puts the temporary file in `name`'s place and the folder on the disk; the temporary
    /// name goes when it cannot.
    private static func rename(_ temporary: String, over name: String, in directory: Int32, path: String) throws {
        guard renameat(directory, temporary, directory, name) == 0 else {
            let code = errno
            unlinkat(directory, temporary, 0)
            throw StoreError.system(code, "cannot put \(path)/\(name) in place")
        }
        guard fsync(directory) == 0 else { throw StoreError.system(errno, "cannot write the folder \(path) to the disk") }
    }

    /// Removes a file `create` made, when what it belongs to could not be stored.
    static func remove(root: URL, folders: [String], name: String) {
        guard let (directory, _) = try? openFolders(root: root, folders: folders, create: false) else { return }
        defer { close(directory) }
        if unlinkat(directory, name, 0) == 0 { fsync(directory) }
    }

    /// The descriptor of the innermost folder and its path (for messages), each folder
    /// opened without following a link and made (0700) when `create` allows.
    private static func openFolders(root: URL, folders: [String], create: Bool) throws -> (Int32, String) {
        var directory = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw StoreError.system(errno, "cannot open the library folder \(root.path)") }
        var path = root.path
        for folder in folders {
            path += "/" + folder
            let made = create && mkdirat(directory, folder, 0o700) == 0
            if create && !made && errno != EEXIST {
                let code = errno
                close(directory)
                throw StoreError.system(code, "cannot create \(path)")
            }
            let next = openat(directory, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            // The new folder's name must reach the disk too, or the file could vanish with it.
            if made && next >= 0 { fsync(directory) }
            // The journal folder is what a person shares with Syncthing: it never exists
            // without the ignore file that keeps these temporary names from travelling.
            if made && next >= 0 && path == root.path + "/" + JournalFilePath.folderName { JournalIgnoreFile.ensure(inFolder: next) }
            close(directory)
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR {
                    throw StoreError.io(
                        "\(path) is not a real folder (a link or a file); journal files are written only in folders of the library")
                }
                throw StoreError.system(code, "cannot open \(path)")
            }
            directory = next
        }
        return (directory, path)
    }

    /// `data` in a new file of a random name beside `name`, on the disk; returns that name.
    static func writeTemporary(_ data: Data, for name: String, in directory: Int32, path: String) throws -> String {
        let temporary = ".\(name).\(UUID().uuidString.prefix(8).lowercased()).tmp"
        let fd = openat(directory, temporary, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.system(errno, "cannot create \(path)/\(temporary)") }
        do {
            try writeAll(data, to: fd, path: "\(path)/\(temporary)")
            guard fsync(fd) == 0 else { throw StoreError.system(errno, "cannot write \(path)/\(temporary) to the disk") }
            close(fd)
        } catch {
            close(fd)
            unlinkat(directory, temporary, 0)
            throw error
        }
        return temporary
    }

    /// A regular file's bytes, opened without following a link, at most `maximumBytes` (one
    /// byte more is read, so a longer file is seen as longer and refused by its reader).
    static func read(_ name: String, in directory: Int32, path: String, maximumBytes: Int) throws -> Data {
        let fd = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.system(errno, "cannot open \(path)/\(name)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.io("\(path)/\(name) is not a regular file; it is left as it is")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= maximumBytes {
            let count = Foundation.read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw StoreError.system(errno, "cannot read \(path)/\(name)")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.system(errno, "cannot write \(path)")
                }
                offset += written
            }
        }
    }
}
