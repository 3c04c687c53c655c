import Foundation

/// The folder uploads are kept in (`LIBRARY/uploads`, or `serve --uploads DIR`), held open by
/// descriptor so that every name below it is reached with `openat` and never through a link
/// someone put there: `.incoming/` for transfers under way (same file system, so a finished
/// one is linked into place, not copied), `YYYY/MM/` for the kept files.
final class UploadFolder: Sendable {
    let path: String
    private let root: Int32
    private let incoming: Int32

    static let incomingName = ".incoming"

    init(path: String) throws(UploadProblem) {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .server("cannot make the uploads folder \(path): \(error.localizedDescription)")
        }
        // The folder itself may be a link its owner chose; nothing below it may.
        root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw .server("cannot open the uploads folder \(path): \(String(cString: strerror(errno)))") }
        incoming = Self.folder(Self.incomingName, in: root)
        guard incoming >= 0 else {
            close(root)
            throw .server("cannot open \(path)/\(Self.incomingName): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(incoming)
        close(root)
    }

    /// A fresh folder of its own under `.incoming/` for one transfer, and the file in it: the
    /// file carries its safe name (the ingester reads a date from a name like
    /// IMG_20240517_123000.jpg), and no other file sits beside it for the ingester to take
    /// for its sidecar or Live Photo movie.
    func makeIncoming(named name: String) throws(UploadProblem) -> IncomingSlot {
        var random = SystemRandomNumberGenerator()
        let slot = String(random.next() as UInt64, radix: 16) + String(random.next() as UInt64, radix: 16)
        guard mkdirat(incoming, slot, 0o700) == 0 else {
            throw .server("cannot make a folder in \(path)/\(Self.incomingName): \(Self.error)")
        }
        let folder = Self.folder(slot, in: incoming, create: false)
        guard folder >= 0 else { throw .server("cannot open \(path)/\(Self.incomingName)/\(slot): \(Self.error)") }
        let file = openat(folder, name, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            close(folder)
            unlinkat(incoming, slot, AT_REMOVEDIR)
            throw .server("cannot make a file in \(path)/\(Self.incomingName): \(Self.error)")
        }
        return IncomingSlot(folderName: slot, folder: folder, file: file, name: name, path: "\(path)/\(Self.incomingName)/\(slot)/\(name)")
    }

    /// Links the slot's finished file to `YYYY/MM/<name>`, as `<name> 2`, `<name> 3`… when
    /// the name is taken (a link never replaces a file), and returns its path. The slot stays
    /// until `discard`.
    func keep(_ slot: IncomingSlot, year: Int, month: Int, name: SafeFileName) throws(UploadProblem) -> String {
        let yearName = String(format: "%04d", year), monthName = String(format: "%02d", month)
        let yearFolder = Self.folder(yearName, in: root)
        guard yearFolder >= 0 else { throw .server("cannot make the folder \(path)/\(yearName): \(Self.error)") }
        defer { close(yearFolder) }
        let monthFolder = Self.folder(monthName, in: yearFolder)
        guard monthFolder >= 0 else { throw .server("cannot make the folder \(path)/\(yearName)/\(monthName): \(Self.error)") }
        defer { close(monthFolder) }
        for attempt in 1...10_000 {
            let candidate = name.name(attempt: attempt)
            if linkat(slot.folder, slot.name, monthFolder, candidate, 0) == 0 {
                fsync(monthFolder)
                return "\(path)/\(yearName)/\(monthName)/\(candidate)"
            }
            guard errno == EEXIST else { throw .server("cannot keep the file in \(path)/\(yearName)/\(monthName): \(Self.error)") }
        }
        throw .server("\(path)/\(yearName)/\(monthName) holds too many files called \(name.name())")
    }

    /// Removes the slot's file and folder (a transfer refused, dropped or kept).
    func discard(_ slot: IncomingSlot) {
        guard slot.closeForDiscard() else { return }
        unlinkat(slot.folder, slot.name, 0)
        close(slot.folder)
        unlinkat(incoming, slot.folderName, AT_REMOVEDIR)
    }

    /// Removes a kept file again (its ingest failed after it was linked into place).
    func remove(kept path: String) {
        guard path.hasPrefix(self.path + "/") else { return }
        let relative = path.dropFirst(self.path.count + 1).split(separator: "/").map(String.init)
        guard relative.count == 3 else { return }
        let year = Self.folder(relative[0], in: root, create: false)
        guard year >= 0 else { return }
        defer { close(year) }
        let month = Self.folder(relative[1], in: year, create: false)
        guard month >= 0 else { return }
        defer { close(month) }
        unlinkat(month, relative[2], 0)
    }

    /// Removes what transfers cut short by a crash or a kill left in `.incoming/`: slots
    /// older than `age`, so that another server writing to the same folder keeps its own.
    func removeStale(olderThan age: TimeInterval) {
        guard let slots = try? FileManager.default.contentsOfDirectory(atPath: "\(path)/\(Self.incomingName)") else { return }
        let limit = Date().addingTimeInterval(-age).timeIntervalSince1970
        for slot in slots {
            var info = stat()
            guard fstatat(incoming, slot, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR,
                Double(info.st_mtim.tv_sec) < limit
            else { continue }
            let folder = Self.folder(slot, in: incoming, create: false)
            guard folder >= 0 else { continue }
            for file in (try? FileManager.default.contentsOfDirectory(atPath: "\(path)/\(Self.incomingName)/\(slot)")) ?? [] {
                unlinkat(folder, file, 0)
            }
            close(folder)
            unlinkat(incoming, slot, AT_REMOVEDIR)
        }
    }

    /// Opens (and first makes, when `create`) a folder below `parent` without following a link.
    private static func folder(_ name: String, in parent: Int32, create: Bool = true) -> Int32 {
        if create, mkdirat(parent, name, 0o700) != 0, errno != EEXIST { return -1 }
        return openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    private static var error: String { String(cString: strerror(errno)) }
}
