import Foundation

/// Decides whether a file found by a scan (not announced complete by inotify) can be read.
///
/// inotify says a file is complete when the writer closes it (IN_CLOSE_WRITE) or renames it
/// into place (IN_MOVED_TO). A scan has no such signal, so a file it finds is read only when
///
/// - no process on this machine has it open for writing (probed with a read lease, which
///   the kernel refuses while a writer holds the file open), and
/// - it has not been modified for `settleTime` seconds, because a writer on another machine
///   (a network share) is invisible to the lease probe and to inotify alike.
///
/// A file found in a folder that just appeared under inotify is the exception: the folder
/// was made by a local program, so the lease probe alone decides (the watch on that folder
/// already exists, so if the file is still being written its close will be reported).
enum FileReadiness {
    enum Verdict: Equatable {
        case ready(FileStamp)
        /// Look again at (or after) this time.
        case notYet(recheckAt: Date)
        /// Gone, or not a regular file.
        case gone
    }

    enum Writers: Equatable {
        case none
        case someoneWriting
        /// The file system or the file's owner does not allow leases (NFS, another user's file).
        case unknown
    }

    static func check(_ path: String, settleTime: Double, trustLocalWriters: Bool, now: Date = Date()) -> Verdict {
        guard let stamp = FileStamp.of(path) else { return .gone }
        switch localWriters(path) {
        case .someoneWriting:
            return .notYet(recheckAt: now.addingTimeInterval(max(0.5, min(settleTime, 2))))
        case .none where trustLocalWriters:
            return .ready(stamp)
        case .none, .unknown:
            let age = stamp.age(now: now)
            if age >= settleTime { return .ready(stamp) }
            // A modification time in the future (clock skew on a share) counts from now.
            let wait = age < 0 ? settleTime : settleTime - age
            return .notYet(recheckAt: now.addingTimeInterval(max(0.1, wait)))
        }
    }

    /// Whether a local process has `path` open for writing. A read lease (F_SETLEASE,
    /// F_RDLCK) is granted only when nobody has the file open for writing; it is released at
    /// once. A writer opening the file during those microseconds would make the kernel send
    /// this process SIGIO, which `ignoreLeaseBreakSignal()` makes harmless.
    static func localWriters(_ path: String) -> Writers {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return .unknown }
        defer { close(fd) }
        if fcntl(fd, fSetLease, Int32(F_RDLCK)) == 0 {
            _ = fcntl(fd, fSetLease, Int32(F_UNLCK))
            return .none
        }
        return errno == EAGAIN || errno == EBUSY ? .someoneWriting : .unknown
    }

    /// F_SETLEASE (Linux, `F_LINUX_SPECIFIC_BASE + 0`); Glibc's module does not export it.
    private static let fSetLease: Int32 = 1024

    static func ignoreLeaseBreakSignal() {
        signal(SIGIO, SIG_IGN)
    }

    /// Names that are never photos being delivered: hidden files (rsync, Syncthing and most
    /// sync tools write `.name.tmp` and rename it into place) and downloads in progress.
    static func isIgnoredName(_ name: String) -> Bool {
        if name.hasPrefix(".") { return true }
        let lower = name.lowercased()
        return [".part", ".partial", ".crdownload", ".download", ".tmp", "~"].contains { lower.hasSuffix($0) }
    }
}
