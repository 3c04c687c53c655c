import DaybookCore
import DaybookStore
import Foundation

/// `LIBRARY/remind-sent.json`: which channel sent the reminder of which day, so that the
/// reminder goes once a day whatever runs it (the timer, a catch-up after a night off, a run
/// by hand). A channel's stamp is written right after it sent, and only then: a failed channel
/// has none, and the next run tries it again.
package struct ReminderStamps: Sendable, Equatable, Codable {
    package static let fileName = "remind-sent.json"
    static let maximumBytes = 1 << 20
    /// The stamps kept: two months of days for three channels is plenty to tell what was sent.
    static let kept = 200

    package struct Stamp: Sendable, Equatable, Codable {
        package var channel: String
        /// The day the reminder was for ("2026-11-29").
        package var date: String
        /// When it was sent (UTC).
        package var sentAt: String
        package var entries: Int
        /// The e-mail's Message-ID, by which a copy sent twice is recognised.
        package var messageId: String?
    }

    package var version = 1
    package var sent: [Stamp] = []

    package init() {}

    package func stamp(channel: String, date: CivilDate) -> Stamp? {
        sent.last { $0.channel == channel && $0.date == date.iso }
    }

    package mutating func add(_ stamp: Stamp) {
        sent.append(stamp)
        if sent.count > Self.kept { sent.removeFirst(sent.count - Self.kept) }
    }

    package static func read(in library: Library) throws -> ReminderStamps {
        guard let data = try LibraryFile.read(fileName, in: library, maximumBytes: maximumBytes) else { return ReminderStamps() }
        do {
            return try LibraryFile.decoder.decode(ReminderStamps.self, from: data)
        } catch {
            throw ReminderError("\(library.root.appendingPathComponent(fileName).path) is not Daybook's record of reminders sent: \(error)")
        }
    }

    package func write(in library: Library) throws {
        try library.writeFile(try LibraryFile.encoder.encode(self) + Data("\n".utf8), name: Self.fileName)
    }
}

/// Holds `LIBRARY/.remind.lock` for one run, so that two runs at once (the timer and a run by
/// hand) cannot both find no stamp and both send: the second waits, then finds the first's.
final class ReminderLock {
    private let fd: Int32

    init(library: Library) throws {
        let path = library.root.appendingPathComponent(".remind.lock").path
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ReminderError("cannot open \(path): \(String(cString: strerror(errno)))") }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw ReminderError("cannot lock \(path): \(reason)")
            }
        }
    }

    deinit { close(fd) }
}
