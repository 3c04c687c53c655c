import DaybookReminders
import DaybookStore
import Foundation

/// `daybook remind --install-timer`: the systemd user timer written where the user's own units
/// live and enabled; where there is no user manager to enable it, what to do instead.
enum RemindTimerInstall {
    static func install(settings: ReminderSettings, library: Library, environment: [String: String]) throws {
        let timer = ReminderTimer(executable: executablePath(), library: library, time: settings.time)
        let folder = ReminderTimer.unitFolder(environment: environment)
        let paths = try timer.write(into: folder)
        for path in paths { Console.output("wrote \(path)") }
        let enable = "systemctl --user daemon-reload && systemctl --user enable --now \(ReminderTimer.timerName)"
        guard let systemctl = find("systemctl", environment: environment) else {
            throw CommandError(
                description: "systemctl is not installed, so the timer is written but not enabled. Where systemd runs, "
                    + "run `\(enable)`; elsewhere, have cron run `\(timer.cronLine)`")
        }
        for arguments in [["--user", "daemon-reload"], ["--user", "enable", "--now", ReminderTimer.timerName]] {
            let (status, said) = try run(systemctl, arguments)
            guard status == 0 else {
                throw CommandError(
                    description:
                        "`systemctl \(arguments.joined(separator: " "))` failed (\(said.isEmpty ? "exit status \(status)" : said)). "
                        + "The units are written; systemctl --user needs your login session's user manager: run `\(enable)` "
                        + "in a desktop or SSH session of this user (`loginctl enable-linger` lets it run while logged out), "
                        + "or have cron run `\(timer.cronLine)`")
            }
        }
        Console.output("enabled \(ReminderTimer.timerName): the reminder goes every day at \(settings.time)")
        Console.output("check it with: systemctl --user list-timers \(ReminderTimer.timerName)")
    }

    /// This binary, as the kernel knows it: the path the timer must run.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func find(_ name: String, environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs a tool; its exit status and the first line it wrote on standard error.
    static func run(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return (process.terminationStatus, line)
    }
}
