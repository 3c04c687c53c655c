import Foundation

/// How Daybook reads folders, shared by `ingest`'s scanner and the watcher: hidden entries
/// skipped, names sorted, folders told apart by device and inode (so a symlink loop or a
/// second link to one folder is recognised).
package enum FolderListing {
    package struct Identity: Hashable, Sendable {
        package let device: UInt64
        package let inode: UInt64
    }

    /// The folder's entries whose names do not start with ".", sorted; nil when it cannot be
    /// read (errno says why).
    package static func visibleNames(in folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = self.name(of: UnsafeRawPointer(entry))
            if name.isEmpty || name.hasPrefix(".") { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// The name of a `dirent` that `readdir` returned, read where it lies.
    ///
    /// `readdir` packs records to their names' length: a record is `d_reclen` bytes, often
    /// far fewer than `sizeof(struct dirent)`. Touching `entry.pointee.d_name` as a Swift
    /// value copies all 256 declared bytes and reads past the record (an AddressSanitizer
    /// heap-buffer-overflow at the end of the buffer), so the name is found by offset and
    /// measured within the record.
    static func name(of entry: UnsafeRawPointer) -> String {
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let lengthOffset = MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!
        let recordLength = Int(entry.loadUnaligned(fromByteOffset: lengthOffset, as: UInt16.self))
        let room = min(max(recordLength - nameOffset, 0), nameCapacity)
        let start = (entry + nameOffset).assumingMemoryBound(to: CChar.self)
        let length = strnlen(start, room)
        // Names are bytes; like Foundation's paths, Daybook reads them as UTF-8 (an invalid
        // sequence becomes U+FFFD, and opening that path then fails with an error naming it).
        return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }

    /// 256 on Linux: NAME_MAX plus the NUL.
    private static let nameCapacity = MemoryLayout.size(ofValue: dirent().d_name)

    /// What a file that is neither a regular file nor a folder is, for a skip's reason:
    /// "a FIFO", "a character device"…
    package static func kindName(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symlink"
        default: return "of an unknown kind"
        }
    }

    /// Device and inode of what `path` names, following symlinks.
    package static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
