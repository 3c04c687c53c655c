import Crypto
import Foundation
import Synchronization

/// Which originals have been found to hold their entry's bytes, so a photo is hashed once,
/// not on every request (hashing a large file takes a while). A file is known by what
/// `fstat` says of it: device, inode, size, modification and status-change times. Writing to
/// a file changes its ctime, which no one can set back (unlike the mtime, `touch -d`), so a
/// file changed in any way is hashed again, and refused when its bytes are no longer the
/// entry's.
package final class OriginalChecks: Sendable {
    /// What `fstat` says of a file; equal only while its bytes cannot have changed.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: timespec.Parts
        let changed: timespec.Parts

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = timespec.Parts(info.st_mtim)
            changed = timespec.Parts(info.st_ctim)
        }
    }

    /// Enough for every photo of a large journal; when full it starts again (a miss only costs a hash).
    static let capacity = 100_000

    private let known = Mutex<[Identity: String]>([:])
    private let hashes = Atomic<Int>(0)

    package init() {}

    /// How many files have been hashed (for tests: a remembered file is not hashed again).
    package var hashCount: Int { hashes.load(ordering: .relaxed) }

    /// Whether the file was found to have `contentHash` and has not changed since.
    func remembers(_ identity: Identity, contentHash: String) -> Bool {
        known.withLock { $0[identity] == contentHash }
    }

    /// Hashes the file's bytes in chunks (blocking: run it on a pool) and, when they are
    /// `contentHash`, remembers the file.
    func check(_ file: OpenFile, identity: Identity, contentHash: String) -> Bool {
        hashes.add(1, ordering: .relaxed)
        var hasher = SHA256()
        var offset = 0
        while offset < file.size {
            guard let chunk = try? file.read(at: offset, count: min(4 << 20, file.size - offset)), !chunk.isEmpty else { return false }
            hasher.update(data: chunk)
            offset += chunk.count
        }
        guard hasher.finalize().map({ String(format: "%02x", $0) }).joined() == contentHash else { return false }
        known.withLock { known in
            if known.count >= Self.capacity { known.removeAll() }
            known[identity] = contentHash
        }
        return true
    }
}

extension timespec {
    /// Seconds and nanoseconds, hashable.
    struct Parts: Hashable {
        let seconds: Int
        let nanoseconds: Int
        init(_ time: timespec) {
            seconds = time.tv_sec
            nanoseconds = time.tv_nsec
        }
    }
}
