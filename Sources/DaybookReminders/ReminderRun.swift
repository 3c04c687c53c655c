import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation

/// One run of `daybook remind`: the day's reminder built once, then handed to each channel
/// that has not sent it yet, each stamped as it succeeds.
package struct ReminderRun: Sendable {
    package let library: Library
    package let settings: ReminderSettings
    package let date: CivilDate
    /// Send even where the day's stamp says it was sent.
    package let again: Bool
    package let environment: [String: String]

    package init(library: Library, settings: ReminderSettings, date: CivilDate, again: Bool, environment: [String: String]) {
        self.library = library
        self.settings = settings
        self.date = date
        self.again = again
        self.environment = environment
    }

    /// The channels the settings turn on, in the order they are sent.
    package var channels: [any ReminderChannel] {
        var channels: [any ReminderChannel] = []
        if let mail = settings.mail {
            channels.append(
                MailChannel(
                    settings: mail, libraryRoot: library.root.path, environmentPassword: environment["DAYBOOK_SMTP_PASSWORD"],
                    again: again))
        }
        if settings.desktop { channels.append(DesktopChannel(environment: environment)) }
        if hasPushSubscriptions { channels.append(PushChannel(library: library, contact: pushContact)) }
        return channels
    }

    /// Whether a browser has subscribed to the pushed reminder (`--push-subscription`).
    package var hasPushSubscriptions: Bool { !((try? PushSubscriptions.read(in: library).subscriptions.isEmpty) ?? true) }

    /// Who the push services may write to about these messages (VAPID's `sub`): the e-mail's
    /// sender, else the web journal's https address, else an address that says whose it is.
    var pushContact: String {
        if let from = settings.mail?.from { return "mailto:\(from)" }
        if let url = settings.url, url.hasPrefix("https://") { return url }
        return "mailto:daybook@localhost"
    }

    package var pictures: ReminderPictures { ReminderPictures(library: library) }

    /// The day's entries of earlier years; on a day without any, another day's when the
    /// settings ask for a random memory (the same one all day: it is picked by the date).
    package func reminder(store: JournalStore) throws -> Reminder {
        let leap = date.monthDay == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(date.year)
        let entries = try store.onThisDay(OnThisDayAsk(monthDay: date.monthDay, beforeYear: date.year, includeLeapDay: leap))
        let today = Reminder(today: date, kind: .onThisDay, entries: entries, site: settings.url)
        guard entries.isEmpty, settings.whenEmpty == .random else { return today }
        // A multiplicative hash of the day: neighbouring days pick far-apart memories.
        let seed = UInt64(truncatingIfNeeded: date.daysSinceEpoch) &* 0x9E37_79B9_7F4A_7C15
        guard let picked = try store.memory(before: date, seed: seed), let captured = picked.capturedLocal else { return today }
        let day = CivilDate(captured)
        let ask = OnThisDayAsk(monthDay: day.monthDay, beforeYear: day.year + 1, includeLeapDay: false)
        let sameDay = try store.onThisDay(ask).filter { $0.capturedLocal.map(CivilDate.init) == day }
        return Reminder(today: date, kind: .randomMemory, entries: sameDay, site: settings.url)
    }

    /// Sends `reminder` through each channel; one outcome per channel. A failed channel gets
    /// no stamp, so the next run tries it again; the others go all the same.
    package func send(_ reminder: Reminder, through channels: [any ReminderChannel]) throws -> [ChannelOutcome] {
        let lock = try ReminderLock(library: library)
        defer { withExtendedLifetime(lock) {} }
        var stamps = try ReminderStamps.read(in: library)
        var outcomes: [ChannelOutcome] = []
        for channel in channels {
            if !again, let stamp = stamps.stamp(channel: channel.name, date: date) {
                outcomes.append(ChannelOutcome(channel: channel.name, status: .alreadySent, note: "sent at \(stamp.sentAt)"))
                continue
            }
            let receipt: ChannelReceipt
            do {
                receipt = try channel.send(reminder, pictures: pictures)
            } catch {
                outcomes.append(ChannelOutcome(channel: channel.name, status: .failed, note: "\(error)"))
                continue
            }
            stamps.add(
                ReminderStamps.Stamp(
                    channel: channel.name, date: date.iso, sentAt: UTCStamp.now(), entries: reminder.entryCount,
                    messageId: receipt.messageID))
            do {
                try stamps.write(in: library)
                outcomes.append(ChannelOutcome(channel: channel.name, status: .sent, note: receipt.note, messageId: receipt.messageID))
            } catch {
                outcomes.append(
                    ChannelOutcome(channel: channel.name, status: .failed, note: "sent \(receipt.note), but not recorded: \(error)"))
            }
        }
        return outcomes
    }
}

/// How one channel's send went.
package struct ChannelOutcome: Sendable, Encodable {
    package enum Status: String, Sendable, Encodable {
        case sent
        case alreadySent = "already-sent"
        case failed
    }

    package var channel: String
    package var status: Status
    /// What was sent, when it was, or why it failed: the line the person reads.
    package var note: String
    package var messageId: String?
}

/// "2026-11-29T07:00:01Z"
enum UTCStamp {
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
