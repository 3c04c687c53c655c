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
    var lockURL: URL { root.appendingPathComponent(".ingest.lock") }

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

    /// Creates the folders with private permissions, tightening them if they already exist.
    func prepareFolders() throws {
        for url in [root, thumbnailsURL] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        }
        // SQLite gives its -wal and -shm files the database file's mode, so creating the
        // database file 0600 up front keeps all three private.
        let fd = open(databaseURL.path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io("cannot create \(databaseURL.path): \(String(cString: strerror(errno)))") }
        fchmod(fd, 0o600)
        close(fd)
    }
}
