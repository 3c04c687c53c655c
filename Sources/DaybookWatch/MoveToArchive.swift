import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation

/// `--move-to DIR`: after a photo is in the journal, its file moves to DIR/YYYY/MM/ (by the
/// capture date; DIR/undated/ without one), and the entry's `source_path` follows it.
///
/// A file is never overwritten: a name already taken gets a suffix (`IMG_0001-1.jpg`,
/// `IMG_0001-2.jpg`, …). The move is a hard link plus an unlink on one file system (`link`
/// fails rather than replace an existing name), and a copy into a hidden temporary name,
/// fsync, link into place and unlink across file systems (or where hard links are not
/// supported). The entry is updated *before* the original is unlinked, so an interruption at
/// any point leaves the original in the import folder, and the next run simply does it again.
/// The photo's XMP sidecars follow it (`moveSidecars`).
package struct MoveToArchive: Sendable {
    package let root: String

    package init(root: String) { self.root = root }

    /// DIR/YYYY/MM for a capture time, DIR/undated without one.
    package func folder(forCapturedLocal captured: LocalDateTime?) -> String {
        guard let captured else { return "\(root)/undated" }
        return "\(root)/\(DateText.padded(captured.year, width: 4))/\(DateText.padded(captured.month))"
    }

    /// `name.jpg`, then `name-1.jpg`, `name-2.jpg`, …
    static func candidateName(_ name: String, attempt: Int) -> String {
        guard attempt > 0 else { return name }
        let ns = name as NSString
        let ext = ns.pathExtension
        let base = ext.isEmpty ? name : ns.deletingPathExtension
        return ext.isEmpty ? "\(base)-\(attempt)" : "\(base)-\(attempt).\(ext)"
    }

    /// Moves `path` into the archive and points the entry `id` at it. Returns the new path.
    package func move(_ path: String, capturedLocal: LocalDateTime?, entryID id: String, store: JournalStore) throws -> String {
        let folder = folder(forCapturedLocal: capturedLocal)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WatchError.system("cannot create \(folder): \(error.localizedDescription)")
        }
        let name = (path as NSString).lastPathComponent
        var source = stat()
        guard stat(path, &source) == 0 else { throw WatchError.system("cannot move \(path): \(Self.errorText())") }

        var copied: String?  // a temporary copy in `folder` when hard links are not possible
        defer { if let copied { unlink(copied) } }
        for attempt in 0..<10_000 {
            let destination = "\(folder)/\(Self.candidateName(name, attempt: attempt))"
            switch try Self.place(path, at: destination, in: folder, source: source, copied: &copied) {
            case .nameTaken: continue
            // An earlier run that was interrupted may have linked this very file already.
            case .alreadyThere: return try finish(path, destination, id, store)
            case .placed:
                Self.syncFolder(folder)
                return try finish(path, destination, id, store)
            }
        }
        throw WatchError.system("cannot move \(path): no free name in \(folder)")
    }

    private enum Placement {
        case placed
        case alreadyThere
        case nameTaken
    }

    /// Gives `path`'s content the name `destination`, never replacing a file there: a hard
    /// link, or across file systems a link to a fsynced temporary copy in `folder` (kept in
    /// `copied` for the next attempt, removed by the caller).
    private static func place(
        _ path: String, at destination: String, in folder: String, source: stat, copied: inout String?
    ) throws -> Placement {
        if link(copied ?? path, destination) == 0 { return .placed }
        let error = errno
        if error == EEXIST { return copied == nil && isSameFile(destination, source) ? .alreadyThere : .nameTaken }
        guard copied == nil, [EXDEV, EPERM, EOPNOTSUPP, EMLINK, ENOSYS].contains(error) else {
            throw WatchError.system("cannot move \(path) to \(destination): \(errorText(error))")
        }
        copied = try copyToTemporary(path, in: folder, mode: source.st_mode, modified: source.st_mtim)
        if link(copied!, destination) == 0 { return .placed }
        if errno == EEXIST { return .nameTaken }
        throw WatchError.system("cannot move \(path) to \(destination): \(errorText())")
    }

    /// After the photo that was at `original` moved to `destination`: its sidecars follow it,
    /// named after its new name (`IMG_0001-1.jpg.xmp`, `IMG_0001-1.xmp`), so the entry keeps
    /// reading them. A sidecar named by stem that a file left behind still shares (the RAW of
    /// a RAW+JPEG pair) is copied rather than moved; one whose name is taken in the archive
    /// stays where it is. Returns a line for each sidecar that could not follow.
    package func moveSidecars(of original: String, to destination: String) -> [String] {
        let folder = (destination as NSString).deletingLastPathComponent
        let stem = (destination as NSString).deletingPathExtension
        var problems: [String] = []
        for sidecar in SidecarFiles.candidates(for: original) {
            var info = stat()
            guard stat(sidecar, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let target =
                sidecar.hasPrefix(original + ".")
                ? destination + sidecar.dropFirst(original.count) : "\(stem).\((sidecar as NSString).pathExtension)"
            var copied: String?
            defer { if let copied { unlink(copied) } }
            do {
                guard try Self.place(sidecar, at: target, in: folder, source: info, copied: &copied) != .nameTaken else {
                    problems.append("sidecar \(sidecar) stays where it is: \(target) exists")
                    continue
                }
                Self.syncFolder(folder)
                if SidecarFiles.photos(for: sidecar).isEmpty { unlink(sidecar) }
            } catch {
                problems.append("sidecar \(sidecar) stays where it is: \(error)")
            }
        }
        return problems
    }

    private func finish(_ path: String, _ destination: String, _ id: String, _ store: JournalStore) throws -> String {
        do {
            try store.updateSourcePath(id: id, path: destination)
        } catch {
            unlink(destination)
            throw WatchError.system("cannot record the move of \(path): \(error)")
        }
        if unlink(path) != 0 && errno != ENOENT {
            throw WatchError.system("copied \(path) to \(destination) but cannot remove the original: \(Self.errorText())")
        }
        return destination
    }

    private static func isSameFile(_ path: String, _ info: stat) -> Bool {
        var other = stat()
        return stat(path, &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino
    }

    /// Copies `path` to a hidden temporary file in `folder`, fsynced, with the original's
    /// mode and modification time. Returns the temporary path.
    private static func copyToTemporary(_ path: String, in folder: String, mode: mode_t, modified: timespec) throws -> String {
        let temporary = "\(folder)/.daybook-move-\(getpid())-\(UUID().uuidString)"
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw WatchError.system("cannot read \(path): \(errorText())") }
        defer { close(input) }
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 0o777)
        guard output >= 0 else { throw WatchError.system("cannot create \(temporary): \(errorText())") }
        var failure: String?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 { if errno == EINTR { continue }; failure = "cannot read \(path): \(errorText())"; break }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write \(temporary): \(errorText())"
                    break copying
                }
                written += result
            }
        }
        if failure == nil {
            // Access time: now; modification time: the original's (UTIME_OMIT is not imported).
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            var times = [now, modified]
            _ = futimens(output, &times)
            if fsync(output) != 0 { failure = "cannot write \(temporary): \(errorText())" }
        }
        close(output)
        if let failure {
            unlink(temporary)
            throw WatchError.system(failure)
        }
        return temporary
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)).lowercased() }
}
