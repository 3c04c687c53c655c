import Foundation

/// Why `daybook watch` cannot run (or cannot watch part of a tree).
public enum WatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// inotify_add_watch failed with ENOSPC: the per-user watch limit is reached.
    case watchLimitReached(path: String, limit: Int?)
    /// inotify_init1 failed with EMFILE: the per-user instance limit is reached.
    case instanceLimitReached(limit: Int?)
    case notAFolder(String)
    case system(String)

    public var description: String {
        switch self {
        case .watchLimitReached(let path, let limit):
            let current = limit.map { "fs.inotify.max_user_watches = \($0)" } ?? "fs.inotify.max_user_watches"
            return """
                cannot watch \(path): the inotify watch limit is reached (\(current); every watched \
                folder needs one watch, shared by all programs of this user). Raise it, e.g. \
                `sudo sysctl fs.inotify.max_user_watches=524288`, and keep it with a line \
                `fs.inotify.max_user_watches=524288` in /etc/sysctl.d/90-inotify.conf; or run with \
                --poll to rely on rescans alone
                """
        case .instanceLimitReached(let limit):
            let current = limit.map { "fs.inotify.max_user_instances = \($0)" } ?? "fs.inotify.max_user_instances"
            return "cannot start inotify: too many inotify instances for this user (\(current)). "
                + "Raise it with `sudo sysctl fs.inotify.max_user_instances=1024`, or run with --poll"
        case .notAFolder(let path): return "\(path) is not a folder"
        case .system(let message): return message
        }
    }

    /// The current value of a `/proc/sys/fs/inotify` setting, e.g. `max_user_watches`.
    static func inotifySetting(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/sys/fs/inotify/\(name)", encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
