import Foundation

/// What `remind`'s settings must be before they are kept, so that a mistake is said when it
/// is typed, not at the next morning's run.
package enum ReminderSettingsCheck {
    package static func mail(_ mail: ReminderSettings.Mail) throws {
        for address in mail.to + [mail.from] where !MailHeader.isAddress(address) {
            throw ReminderError("\(address) is not an e-mail address (one address such as ana@example.org, no name or brackets)")
        }
        guard let url = URLComponents(string: mail.server), let scheme = url.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw ReminderError(
                "--smtp must be smtp://HOST:PORT (STARTTLS, usually port 587) or smtps://HOST:PORT (port 465); got \(mail.server)")
        }
        for file in [mail.passwordFile, mail.caFile].compactMap({ $0 }) where access(file, R_OK) != 0 {
            throw ReminderError("cannot read \(file): \(String(cString: strerror(errno)))")
        }
    }

    /// The web journal's address: http:// or https:// and a host.
    package static func site(_ text: String) throws -> String {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.query == nil
        else {
            throw ReminderError("--url must be the web journal's address, such as http://nas.local:8080 (got \(text))")
        }
        return text
    }
}
