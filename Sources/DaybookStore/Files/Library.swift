import Foundation

/// Where a journal lives on disk: `journal.sqlite` plus `thumbnails/`.
///
/// The folder is private to the user (0700, files 0600): it holds where and when every photo
/// was taken.
public struct Library: Sendable, Hashable {
    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    public var databaseURL: URL { root.appendingPathComponent("journal.sqlite") }
    public var thumbnailsURL: URL { root.appendingPathComponent("thumbnails", isDirectory: true) }
    /// Where the thumbnail `name` lives, for showing and linking (files are opened through `ThumbnailFiles`).
    public func thumbnailURL(for name: ThumbnailName) -> URL { thumbnailsURL.appendingPathComponent(name.fileName) }
    var lockURL: URL { root.appendingPathComponent(".ingest.lock") }
    var schemaLockURL: URL { root.appendingPathComponent(".schema.lock") }
    var useLockURL: URL { root.appendingPathComponent(".open.lock") }
    var refineLockURL: URL { root.appendingPathComponent(".refine.lock") }

    /// `--library DIR`, else `$DAYBOOK_LIBRARY`, else `$XDG_DATA_HOME/daybook`, else
    /// `~/.local/share/daybook`.
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Library {
        if let explicit, !explicit.isEmpty { return Library(root: URL(fileURLWithPath: expandTilde(explicit, environment))) }
        if let fromEnv = environment["DAYBOOK_LIBRARY"], !fromEnv.isEmpty {
            return Library(root: URL(fileURLWithPath: expandTilde(fromEnv, environment)))
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return Library(root: URL(fileURLWithPath: xdg).appendingPathComponent("daybook"))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return Library(root: URL(fileURLWithPath: home).appendingPathComponent(".local/share/daybook"))
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }

    /// Whether the library already holds a journal (commands that only read use this to
    /// say "empty library" rather than creating one).
    public var exists: Bool { FileManager.default.fileExists(atPath: databaseURL.path) }

    /// Why this process cannot write the library (its folder, `journal.sqlite` or
    /// `thumbnails/`), in a few words naming the file; nil when it can. `access` answers for
    /// this user and for a read-only mount.
    public func whyNotWritable() -> String? {
        for url in [root, databaseURL, thumbnailsURL] where access(url.path, W_OK) != 0 {
            if errno == ENOENT && url == thumbnailsURL { continue }
            return "\(url.path): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Creates the library folder (and its parents) when missing, with private permissions.
    /// The library folder itself may be a symbolic link to a folder (the user chose where it
    /// lives); a link to nothing is refused with a clear message.
    func prepareRoot() throws {
        var info = stat()
        if lstat(root.path, &info) == 0 {
            guard stat(root.path, &info) == 0 else {
                throw StoreError.io("the library folder \(root.path) is a symbolic link to \(Self.linkTarget(root)), which does not exist")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw StoreError.io("the library \(root.path) is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(
                    at: root, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.io(
                    "cannot create the library folder \(root.path): \((error as NSError).localizedDescription)", underlying: error)
            }
        }
        guard chmod(root.path, 0o700) == 0 else {
            throw StoreError.system(errno, "cannot make \(root.path) private")
        }
    }

    /// Creates `thumbnails/` and the database file with private permissions, tightening them
    /// if they already exist. Runs under `SchemaLock`, after `prepareRoot`.
    func prepareFolders() throws {
        if mkdir(thumbnailsURL.path, 0o700) != 0 && errno != EEXIST {
            throw StoreError.system(errno, "cannot create \(thumbnailsURL.path)")
        }
        let thumbnails = try Self.openPrivateFolder(thumbnailsURL, role: "the thumbnails folder")
        defer { close(thumbnails) }
        // Only when needed: a chmod changes the folder's ctime, which the start-up repair
        // reads as "the folder changed" (RepairMark).
        var info = stat()
        if fstat(thumbnails, &info) != 0 || info.st_mode & 0o7777 != 0o700 { fchmod(thumbnails, 0o700) }
        // SQLite gives its -wal and -shm files the database file's mode, so creating the
        // database file 0600 up front keeps all three private.
        let fd = open(databaseURL.path, O_CREAT | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.system(errno, "cannot create \(databaseURL.path)") }
        fchmod(fd, 0o600)
        close(fd)
    }

    /// Opens a folder inside the library as a descriptor, refusing a symbolic link (which could
    /// lead out of the library) or anything that is not a folder, with a one-line reason.
    static func openPrivateFolder(_ url: URL, role: String) throws -> Int32 {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 { return fd }
        let reason = errno
        var info = stat()
        if lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            throw StoreError.io(
                "\(role) \(url.path) is a symbolic link (to \(linkTarget(url))); it must be a real folder inside the library")
        }
        if reason == ENOTDIR { throw StoreError.io("\(role) \(url.path) is not a folder") }
        throw StoreError.system(reason, "cannot open \(role) \(url.path)")
    }

    private static func linkTarget(_ url: URL) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "an unreadable target"
    }
}
