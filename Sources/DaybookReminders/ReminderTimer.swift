import DaybookStore
import Foundation

/// The systemd user timer that runs `daybook remind` every day at the set time, and its
/// service: `Persistent=true`, so a day the machine was off at that time is caught up at the
/// next start (the day's stamp keeps it to once).
package struct ReminderTimer: Sendable {
    package static let serviceName = "daybook-remind.service"
    package static let timerName = "daybook-remind.timer"

    /// The daybook binary the service runs, and the library it names.
    package let executable: String
    package let library: Library
    /// "HH:MM".
    package let time: String

    package init(executable: String, library: Library, time: String) {
        self.executable = executable
        self.library = library
        self.time = time
    }

    package var service: String {
        """
        # systemd user unit: `daybook remind`, run by daybook-remind.timer (written by
        # `daybook remind --install-timer`; run that again after moving the binary or the library).

        [Unit]
        Description=Daybook: today's on-this-day reminder (e-mail, desktop)

        [Service]
        Type=oneshot
        ExecStart=\(Self.quoted(executable)) remind --library \(Self.quoted(library.root.path))
        # Photo work should not get in the way of the desktop.
        Nice=10

        """
    }

    package var timer: String {
        """
        # systemd user unit: `daybook remind` every day at \(time) (`daybook remind --time HH:MM`,
        # then `daybook remind --install-timer` again to move it).

        [Unit]
        Description=Daybook: the on-this-day reminder every morning

        [Timer]
        OnCalendar=*-*-* \(time):00
        # A day the machine was off at that time gets its reminder at the next start.
        Persistent=true

        [Install]
        WantedBy=timers.target

        """
    }

    /// The same run as a crontab line, for a machine without a systemd user manager.
    package var cronLine: String {
        let parts = time.split(separator: ":")
        let minute = Int(parts.last ?? "0") ?? 0
        let hour = Int(parts.first ?? "8") ?? 8
        return "\(minute) \(hour) * * * '\(executable)' remind --library '\(library.root.path)'"
    }

    /// Writes both units into `folder` (each whole or not at all); returns their paths.
    package func write(into folder: URL) throws -> [String] {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ReminderError("cannot create \(folder.path): \((error as NSError).localizedDescription)")
        }
        var paths: [String] = []
        for (name, text) in [(Self.serviceName, service), (Self.timerName, timer)] {
            let url = folder.appendingPathComponent(name)
            do {
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                throw ReminderError("cannot write \(url.path): \((error as NSError).localizedDescription)")
            }
            paths.append(url.path)
        }
        return paths
    }

    /// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`: where a user's own units live.
    package static func unitFolder(environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("systemd/user", isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/systemd/user", isDirectory: true)
    }

    /// A path as one word of ExecStart: quoted, with systemd's own specials escaped ("%" and
    /// "$" would be a specifier and a variable; a backslash and a quote, the quoting's own).
    static func quoted(_ path: String) -> String {
        var result = "\""
        for character in path {
            switch character {
            case "%": result += "%%"
            case "$": result += "$$"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
