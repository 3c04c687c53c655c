import Foundation

/// How Daybook reads folders, shared by `ingest`'s scanner and the watcher: hidden entries
/// skipped, names sorted, folders told apart by device and inode (so a symlink loop or a
/// second link to one folder is recognised).
package enum FolderListing {
    package struct Identity: Hashable, Sendable {
        package let device: UInt64
        package let inode: UInt64
    }

    /// A folder's visible entries: the names Daybook can open, and those it cannot.
    package struct Listing: Sendable {
        /// Sorted.
        package var names: [String] = []
        /// Names that are not UTF-8, each shown with its invalid bytes as `\xFF` (sorted).
        /// Daybook's paths are Swift strings, which hold only UTF-8: such a name read as a
        /// string would become another name (its bytes replaced by U+FFFD), so a sibling of
        /// that spelling would be opened in its place. They are reported, never opened.
        package var notUTF8: [String] = []
    }

    /// The folder's entries whose names do not start with ".", sorted; nil when it cannot be
    /// read (errno says why).
    package static func listing(of folder: String) -> Listing? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var listing = Listing()
        while let entry = readdir(dir) {
            let bytes = self.nameBytes(of: UnsafeRawPointer(entry))
            if bytes.isEmpty || bytes.first == UInt8(ascii: ".") { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                listing.names.append(name)
            } else {
                listing.notUTF8.append(shown(bytes))
            }
        }
        listing.names.sort()
        listing.notUTF8.sort()
        return listing
    }

    /// `listing(of:)`'s names that can be opened.
    package static func visibleNames(in folder: String) -> [String]? {
        listing(of: folder)?.names
    }

    /// A name that is not UTF-8, as a person can read it: valid sequences as they are, every
    /// other byte as `\xFF`.
    package static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid prefix is kept; the byte after it is escaped.
            var end = rest.endIndex
            while end > rest.startIndex, String(validating: rest[rest.startIndex..<end], as: UTF8.self) == nil { end -= 1 }
            text += String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
            guard end < rest.endIndex else { break }
            text += "\\x" + String(rest[end], radix: 16, uppercase: true).leftPadded(to: 2)
            rest = rest[(end + 1)...]
        }
        return text
    }

    /// The name of a `dirent` that `readdir` returned, read where it lies.
    ///
    /// `readdir` packs records to their names' length: a record is `d_reclen` bytes, often
    /// far fewer than `sizeof(struct dirent)`. Touching `entry.pointee.d_name` as a Swift
    /// value copies all 256 declared bytes and reads past the record (an AddressSanitizer
    /// heap-buffer-overflow at the end of the buffer), so the name is found by offset and
    /// measured within the record.
    static func nameBytes(of entry: UnsafeRawPointer) -> [UInt8] {
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let lengthOffset = MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!
        let recordLength = Int(entry.loadUnaligned(fromByteOffset: lengthOffset, as: UInt16.self))
        let room = min(max(recordLength - nameOffset, 0), nameCapacity)
        let start = (entry + nameOffset).assumingMemoryBound(to: CChar.self)
        let length = strnlen(start, room)
        return Array(UnsafeRawBufferPointer(start: start, count: length))
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

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
