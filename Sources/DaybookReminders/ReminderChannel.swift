import DaybookCore
import DaybookPresentation
import DaybookStore

/// A way the reminder reaches the person: the e-mail and the desktop now, Web Push beside them
/// later. Each is given the one `Reminder` of the day and says it in its own form.
package protocol ReminderChannel: Sendable {
    /// The name its stamps and messages use: "mail", "desktop".
    var name: String { get }
    /// What it would send, for `--dry-run`.
    func preview(_ reminder: Reminder, pictures: ReminderPictures) -> ChannelPreview
    /// Sends it; a short note of what was sent ("to ana@example.org"), or an error whose
    /// description is the one line the person reads.
    func send(_ reminder: Reminder, pictures: ReminderPictures) throws -> ChannelReceipt
}

/// What a channel sent: a few words, and the e-mail's Message-ID.
package struct ChannelReceipt: Sendable {
    package var note: String
    package var messageID: String?
}

/// What a channel would send, as `remind --dry-run` prints it and `--json` writes it.
package struct ChannelPreview: Sendable, Encodable {
    package var channel: String
    /// Where it goes: the addresses, or the notifier.
    package var to: String
    package var subject: String
    package var text: String
    package var html: String?
    package var messageId: String?
    /// The thumbnails' files: attached to the e-mail, the desktop's icon.
    package var pictures: [String]
}

/// The library's thumbnail files, as the channels use them: a path for the desktop's icon,
/// the bytes for the e-mail.
package struct ReminderPictures: Sendable {
    let library: Library

    package init(library: Library) { self.library = library }

    package func path(_ name: ThumbnailName) -> String { library.thumbnailURL(for: name).path }

    /// The JPEG's bytes; nil when the file is gone or unreadable (the reminder goes without it).
    package func bytes(_ name: ThumbnailName) -> [UInt8]? {
        guard let files = try? ThumbnailFiles(library: library) else { return nil }
        return (try? files.read(name)) ?? nil
    }

    /// Whether the thumbnail's file is there.
    package func exists(_ name: ThumbnailName) -> Bool {
        guard let files = try? ThumbnailFiles(library: library) else { return false }
        return (try? files.exists(name)) ?? false
    }
}
