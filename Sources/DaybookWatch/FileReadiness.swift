import Foundation

/// Decides whether a file that inotify has not announced as complete can be read.
///
/// inotify says a file is complete when the writer closes it (IN_CLOSE_WRITE) or renames it
/// into place (IN_MOVED_TO). Files found otherwise are judged by what is known of them:
///
/// - **Found by a scan** (catch-up, periodic rescan, after an overflow, `--poll`): read only
///   when no process on this machine has it open for writing (probed with a read lease,
///   which the kernel refuses while a writer holds the file open) *and* it has not been
///   modified for `settleTime` seconds, because a writer on another machine (a network
///   share) is invisible to the lease probe and to inotify alike.
/// - **Listed in a folder that just appeared under inotify**: the folder was made by a
///   program on this machine, so the lease probe decides; the watch on that folder already
///   exists, so a file still being written will be announced when it is closed.
/// - **Created (IN_CREATE) but never closed after writing**: a hard link, or a file still
///   being written. Read when the lease probe says nobody writes it; when the probe cannot
///   tell (another user's file), wait for the close rather than guess from the time.
enum FileReadiness {
    enum Context: Equatable, Sendable {
        case scan
        case newFolder
        case createdNotClosed
    }

    enum Verdict: Equatable {
        case ready(FileStamp)
        /// Look again at (or after) this time.
        case notYet(recheckAt: Date)
        /// Leave it to inotify: its close will be announced (a later rescan is the fallback).
        case awaitClose
        /// Gone, or not a regular file.
        case gone
    }

    enum Writers: Equatable {
        case none
        case someoneWriting
        /// The file system or the file's owner does not allow leases (NFS, another user's file).
        case unknown
    }

    static func check(_ path: String, settleTime: Double, context: Context, now: Date = Date()) -> Verdict {
        guard let stamp = FileStamp.of(path) else { return .gone }
        switch (localWriters(path), context) {
        case (.someoneWriting, _):
            return .notYet(recheckAt: now.addingTimeInterval(max(0.5, min(settleTime, 2))))
        case (.none, .newFolder), (.none, .createdNotClosed):
            return .ready(stamp)
        case (.unknown, .createdNotClosed):
            return .awaitClose
        case (.none, .scan), (.unknown, .scan), (.unknown, .newFolder):
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
