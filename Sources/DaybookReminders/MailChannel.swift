import DaybookNetwork
import DaybookPresentation
import Foundation

/// The reminder by e-mail, handed to the person's SMTP server through libcurl.
package struct MailChannel: ReminderChannel {
    package let name = "mail"
    let settings: ReminderSettings.Mail
    let libraryRoot: String
    /// `DAYBOOK_SMTP_PASSWORD`, used when no password file is set.
    let environmentPassword: String?
    let again: Bool

    package init(settings: ReminderSettings.Mail, libraryRoot: String, environmentPassword: String?, again: Bool) {
        self.settings = settings
        self.libraryRoot = libraryRoot
        self.environmentPassword = environmentPassword
        self.again = again
    }

    func message(_ reminder: Reminder, pictures: ReminderPictures) -> MailMessage {
        MailMessage(reminder, from: settings.from, to: settings.to, libraryRoot: libraryRoot, again: again) {
            pictures.bytes($0.thumbnail)
        }
    }

    package func preview(_ reminder: Reminder, pictures: ReminderPictures) -> ChannelPreview {
        let message = message(reminder, pictures: pictures)
        return ChannelPreview(
            channel: name, to: settings.to.joined(separator: ", "), subject: reminder.subject, text: reminder.plainText,
            html: reminder.html { _ in "cid:…" }, messageId: message.messageID,
            pictures: reminder.pictures.filter { pictures.exists($0.thumbnail) }.map { pictures.path($0.thumbnail) })
    }

    package func send(_ reminder: Reminder, pictures: ReminderPictures) throws -> ChannelReceipt {
        let message = message(reminder, pictures: pictures)
        var submission = MailSubmission(
            server: settings.server, from: settings.from, recipients: settings.to, username: settings.user,
            password: try password(), caFile: settings.caFile)
        submission.timeoutSeconds = 30
        let curl: CurlLibrary
        switch CurlLibrary.shared {
        case .success(let library): curl = library
        case .failure(let missing): throw MailFailure(.missingLibrary, missing.reason)
        }
        try curl.send(message.bytes, through: submission)
        return ChannelReceipt(note: "to \(settings.to.joined(separator: ", "))", messageID: message.messageID)
    }

    /// The password: the file's first line when a file is set, else the environment's; none
    /// when no user is set. Never from the command line, where `ps` shows it to everyone.
    func password() throws -> String? {
        guard settings.user != nil else { return nil }
        if let path = settings.passwordFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ReminderError("cannot read the SMTP password file \(path)")
            }
            let text = String(decoding: data, as: UTF8.self)
            return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        guard let environmentPassword else {
            throw ReminderError("no SMTP password: set --smtp-password-file FILE, or DAYBOOK_SMTP_PASSWORD in the environment")
        }
        return environmentPassword
    }
}
