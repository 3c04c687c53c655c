import Foundation

/// Why `daybook watch` cannot run (or cannot watch part of a tree).
package enum WatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// inotify_add_watch failed with ENOSPC: the per-user watch limit is reached. `limit` is
    /// fs.inotify.max_user_watches; `namespaceLimit` the lower limit of this user namespace
    /// (a container), when there is one.
    case watchLimitReached(path: String, limit: Int?, namespaceLimit: Int? = nil)
    /// inotify_init1 failed with EMFILE: the per-user instance limit is reached.
    case instanceLimitReached(limit: Int?)
    case notAFolder(String)
    case system(String)

    package var description: String {
        switch self {
        case .watchLimitReached(let path, let limit, let namespaceLimit):
            var current = limit.map { "fs.inotify.max_user_watches = \($0)" } ?? "fs.inotify.max_user_watches"
            if let namespaceLimit {
                current += ", and \(namespaceLimit) in this user namespace (/proc/sys/user/max_inotify_watches)"
            }
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
        readNumber("/proc/sys/fs/inotify/\(name)")
    }

    /// The error for ENOSPC from inotify_add_watch on `path`, with the limits in force.
    static func watchLimit(at path: String) -> WatchError {
        let limit = inotifySetting("max_user_watches")
        // A user namespace (a container) can have a lower limit of its own.
        var namespaceLimit = readNumber("/proc/sys/user/max_inotify_watches")
        if let own = namespaceLimit, let limit, own >= limit { namespaceLimit = nil }
        return .watchLimitReached(path: path, limit: limit, namespaceLimit: namespaceLimit)
    }

    private static func readNumber(_ path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
