import DaybookStore
import Foundation

/// `LIBRARY/remind.json`: where and how `daybook remind` sends the day's reminder. Kept in the
/// library, beside the journal it reads, so the timer's run and a run by hand agree. It holds
/// no password: only the path of the file that does (`passwordFile`), or none, when the
/// password comes from `DAYBOOK_SMTP_PASSWORD`.
package struct ReminderSettings: Sendable, Equatable, Codable {
    package static let fileName = "remind.json"
    static let maximumBytes = 64 << 10

    /// Whether a day with nothing from earlier years sends nothing or another day's memory.
    package enum WhenEmpty: String, Sendable, Codable, CaseIterable {
        case skip, random
    }

    package struct Mail: Sendable, Equatable, Codable {
        package var to: [String]
        package var from: String
        /// smtp://HOST:PORT (STARTTLS) or smtps://HOST:PORT.
        package var server: String
        package var user: String?
        package var passwordFile: String?
        package var caFile: String?

        package init(to: [String], from: String, server: String, user: String? = nil, passwordFile: String? = nil, caFile: String? = nil) {
            self.to = to
            self.from = from
            self.server = server
            self.user = user
            self.passwordFile = passwordFile
            self.caFile = caFile
        }
    }

    package var version = 1
    package var mail: Mail?
    package var desktop = false
    /// The web journal's address, for the link to the day's page.
    package var url: String?
    /// "HH:MM", when the timer runs.
    package var time = "08:00"
    package var whenEmpty = WhenEmpty.skip

    package init() {}

    /// Whether any channel is set up.
    package var hasChannel: Bool { mail != nil || desktop }

    /// The settings of `library`; the defaults (no channel) when it has none yet.
    package static func read(in library: Library) throws -> ReminderSettings {
        guard let data = try LibraryFile.read(fileName, in: library, maximumBytes: maximumBytes) else { return ReminderSettings() }
        do {
            return try LibraryFile.decoder.decode(ReminderSettings.self, from: data)
        } catch {
            throw ReminderError("\(library.root.appendingPathComponent(fileName).path) is not Daybook's reminder settings: \(error)")
        }
    }

    package func write(in library: Library) throws {
        try library.writeFile(try LibraryFile.encoder.encode(self) + Data("\n".utf8), name: Self.fileName)
    }

    /// "HH:MM" with 00 ≤ HH ≤ 23 and 00 ≤ MM ≤ 59.
    package static func isTime(_ text: String) -> Bool {
        text.wholeMatch(of: /([01][0-9]|2[0-3]):[0-5][0-9]/) != nil
    }
}

/// A failure of the reminder's own making (settings, stamps, the timer), in words for the person.
package struct ReminderError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
