import DaybookPresentation
import Foundation

/// The reminder as a desktop notification, through the freedesktop notification service on
/// the session bus: `notify-send` (libnotify-bin) when installed, else `gdbus` (libglib2.0-bin)
/// calling org.freedesktop.Notifications.Notify itself.
package struct DesktopChannel: ReminderChannel {
    package let name = "desktop"
    let environment: [String: String]

    package init(environment: [String: String]) { self.environment = environment }

    static let timeoutSeconds = 30

    /// The two notifiers, in the order they are tried.
    enum Notifier: String {
        case notifySend = "notify-send"
        case gdbus
    }

    package func preview(_ reminder: Reminder, pictures: ReminderPictures) -> ChannelPreview {
        let notifier = (try? findNotifier()).map(\.notifier.rawValue) ?? "no notifier found"
        return ChannelPreview(
            channel: name, to: notifier, subject: reminder.subject, text: body(reminder), html: nil, messageId: nil,
            pictures: icon(reminder, pictures).map { [$0] } ?? [])
    }

    package func send(_ reminder: Reminder, pictures: ReminderPictures) throws -> ChannelReceipt {
        let bus = try sessionBus()
        let (notifier, path) = try findNotifier()
        let icon = icon(reminder, pictures) ?? ""
        let arguments: [String]
        switch notifier {
        case .notifySend:
            // "--" so that a summary or body starting with "-" is never read as an option.
            arguments = ["--app-name=Daybook", "--icon=\(icon)", "--", reminder.subject, body(reminder)]
        case .gdbus:
            arguments = [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                "--method", "org.freedesktop.Notifications.Notify", "--", Self.variantString("Daybook"), "0", Self.variantString(icon),
                Self.variantString(reminder.subject), Self.variantString(body(reminder)), "[]", "{}", "-1",
            ]
        }
        var childEnvironment = environment
        childEnvironment["DBUS_SESSION_BUS_ADDRESS"] = bus
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = childEnvironment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // A bus with no notification service may hold the call until D-Bus gives up: a timer's
        // run must end, and say why.
        if finished.wait(timeout: .now() + .seconds(Self.timeoutSeconds)) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            throw ReminderError(
                "\(notifier.rawValue) had no answer within \(Self.timeoutSeconds) s: is a notification service running on the session bus?")
        }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else {
            let line = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "no message"
            throw ReminderError("\(notifier.rawValue) failed (exit status \(process.terminationStatus)): \(line)")
        }
        return ChannelReceipt(note: "through \(notifier.rawValue)", messageID: nil)
    }

    /// `Reminder.notificationText`. Notification servers may read the body as markup: the
    /// journal's "&", "<" and ">" are written as entities.
    func body(_ reminder: Reminder) -> String {
        reminder.notificationText.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The first picture's thumbnail file, when it is there.
    func icon(_ reminder: Reminder, _ pictures: ReminderPictures) -> String? {
        reminder.pictures.first { pictures.exists($0.thumbnail) }.map { pictures.path($0.thumbnail) }
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the usual socket of a
    /// systemd login session ($XDG_RUNTIME_DIR/bus), which a timer's service may lack the
    /// variable for.
    func sessionBus() throws -> String {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            var info = stat()
            let socket = runtime + "/bus"
            if stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { return "unix:path=\(socket)" }
        }
        throw ReminderError(
            "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus; "
                + "desktop reminders need a logged-in desktop session")
    }

    func findNotifier() throws -> (notifier: Notifier, path: String) {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for notifier in [Notifier.notifySend, .gdbus] {
            for folder in folders where !folder.isEmpty {
                let path = folder + "/" + notifier.rawValue
                if access(path, X_OK) == 0 { return (notifier, path) }
            }
        }
        throw ReminderError("neither notify-send (Debian: libnotify-bin) nor gdbus (libglib2.0-bin) is installed")
    }

    /// `text` as a GVariant string literal, which `gdbus call` parses exactly: quoted, with
    /// its backslashes, quotes and line breaks escaped.
    static func variantString(_ text: String) -> String {
        var result = "'"
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "'"
    }
}
