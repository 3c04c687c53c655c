import DaybookCore
import DaybookPresentation
import DaybookReminders
import Foundation

/// What `daybook remind` prints: the settings, a dry run's messages, and how each channel went.
enum RemindOutput {
    /// `browsers`: how many have subscribed to the pushed reminder.
    static func printSettings(_ settings: ReminderSettings, browsers: Int, json: Bool) throws {
        if json { return try Console.printJSON(SettingsOutput(settings, browsers: browsers)) }
        if let mail = settings.mail {
            Console.output("e-mail:       to \(mail.to.joined(separator: ", ")) from \(mail.from)")
            Console.output("              through \(mail.server)\(mail.user.map { " as \($0)" } ?? "")")
            if mail.user != nil {
                Console.output("              password from \(mail.passwordFile ?? "$DAYBOOK_SMTP_PASSWORD")")
            }
            if let ca = mail.caFile { Console.output("              trusting the certificates in \(ca)") }
        } else {
            Console.output("e-mail:       off")
        }
        Console.output("desktop:      \(settings.desktop ? "on" : "off")")
        Console.output(
            "push:         \(browsers == 0 ? "no browser (--push-subscription)" : "\(browsers) browser\(browsers == 1 ? "" : "s")")")
        Console.output("link:         \(settings.url.map { $0 + " (/on-this-day)" } ?? "none (--url)")")
        Console.output("time:         \(settings.time) (the timer: daybook remind --install-timer)")
        Console.output("empty days:   \(settings.whenEmpty == .skip ? "send nothing" : "a random memory instead")")
    }

    static func printPreview(_ reminder: Reminder, run: ReminderRun, json: Bool) throws {
        let channels = run.channels
        let previews = reminder.isEmpty ? [] : channels.map { $0.preview(reminder, pictures: run.pictures) }
        if json { return try Console.printJSON(PreviewOutput(reminder: ReminderOutput(reminder), channels: previews)) }
        guard !reminder.isEmpty else {
            return Console.output("Nothing from \(reminder.dayTitle) in earlier years: nothing would be sent.")
        }
        if channels.isEmpty { Console.output("No channel is set up; the reminder would read:\n") }
        for preview in previews {
            Console.output("── \(preview.channel) → \(preview.to)")
            if let id = preview.messageId { Console.output("Message-ID: \(id)") }
            Console.output("Subject: \(preview.subject)")
            Console.output("")
            Console.outputLines(preview.text)
            for picture in preview.pictures { Console.output("picture: \(picture)") }
            Console.output("")
        }
        if channels.isEmpty { Console.outputLines(reminder.plainText) }
    }

    static func printOutcomes(_ outcomes: [ChannelOutcome]) {
        for outcome in outcomes {
            switch outcome.status {
            case .sent: Console.output("\(outcome.channel): sent \(outcome.note)")
            case .alreadySent:
                Console.output("\(outcome.channel): today's reminder was \(outcome.note); nothing sent (--again sends it again)")
            case .failed:
                Console.writeError("daybook: \(outcome.channel) not sent: \(outcome.note) (the next run tries again)")
            }
        }
    }

    static func printReport(_ reminder: Reminder, outcomes: [ChannelOutcome], date: CivilDate) throws {
        try Console.printJSON(
            ReportOutput(
                date: date.iso, kind: reminder.kind.rawValue, subject: reminder.subject, entries: reminder.entryCount, channels: outcomes))
    }

    struct ReportOutput: Encodable {
        let date: String
        let kind: String
        let subject: String
        let entries: Int
        let channels: [ChannelOutcome]
    }

    struct PreviewOutput: Encodable {
        let reminder: ReminderOutput
        let channels: [ChannelPreview]
    }

    /// The settings as `--settings --json` writes them: the password's source, never a password.
    struct SettingsOutput: Encodable {
        struct Mail: Encodable {
            let to: [String]
            let from: String
            let smtp: String
            let smtpUser: String?
            let passwordFrom: String?
            let smtpCaFile: String?
        }

        let mail: Mail?
        let desktop: Bool
        let pushBrowsers: Int
        let url: String?
        let time: String
        let whenEmpty: String

        init(_ settings: ReminderSettings, browsers: Int) {
            pushBrowsers = browsers
            mail = settings.mail.map { mail in
                Mail(
                    to: mail.to, from: mail.from, smtp: mail.server, smtpUser: mail.user,
                    passwordFrom: mail.user == nil ? nil : mail.passwordFile ?? "DAYBOOK_SMTP_PASSWORD", smtpCaFile: mail.caFile)
            }
            desktop = settings.desktop
            url = settings.url
            time = settings.time
            whenEmpty = settings.whenEmpty.rawValue
        }
    }
}
