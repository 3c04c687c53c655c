import Foundation

/// Writes a file inside the library so that, whatever happens, its name holds either nothing
/// or all of its bytes, and survives a power cut once `create` returns: written under a
/// temporary name, `fsync`ed, linked to its name, and the folder `fsync`ed.
///
/// Every folder from the library's own down is opened without following a link, so a link
/// planted in `journal/` cannot lead the write elsewhere; folders are made private (0700)
/// when missing, files 0600, as everything in the library is.
enum AtomicFile {
    /// Creates `name` in the folder `folders` (relative to `root`) with `data`. A file already
    /// there is never replaced: it is refused with `EEXIST`, since it may hold words.
    static func create(_ data: Data, root: URL, folders: [String], name: String) throws {
        var directory = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw StoreError.system(errno, "cannot open the library folder \(root.path)") }
        defer { close(directory) }
        var path = root.path
        for folder in folders {
            path += "/" + folder
            let made = mkdirat(directory, folder, 0o700) == 0
            if !made && errno != EEXIST { throw StoreError.system(errno, "cannot create \(path)") }
            let next = openat(directory, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                if code == ELOOP || code == ENOTDIR {
                    throw StoreError.io(
                        "\(path) is not a real folder (a link or a file); journal files are written only in folders of the library")
                }
                throw StoreError.system(code, "cannot open \(path)")
            }
            // The new folder's name must reach the disk too, or the file could vanish with it.
            if made { fsync(directory) }
            close(directory)
            directory = next
        }
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

    /// Removes a file `create` made, when what it belongs to could not be stored.
    static func remove(root: URL, folders: [String], name: String) {
        let folder = ([root.path] + folders).joined(separator: "/")
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { return }
        defer { close(directory) }
        if unlinkat(directory, name, 0) == 0 { fsync(directory) }
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
