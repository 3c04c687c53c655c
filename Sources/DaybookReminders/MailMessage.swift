import Crypto
import DaybookCore
import DaybookPresentation
import Foundation

/// The reminder as an Internet message (RFC 5322, MIME): a multipart/alternative of the plain
/// text and a multipart/related of the HTML with its thumbnails inline (Content-ID), which every
/// client shows: a text-only one the text, the others the HTML with its pictures.
package struct MailMessage: Sendable {
    package let messageID: String
    package let subject: String
    /// The whole message, CRLF line ends.
    package let bytes: [UInt8]
    /// The Content-ID of each picture sent.
    package let contentIDs: [String]

    /// `pictures` gives each thumbnail's bytes; one without bytes is left out. `again` makes
    /// the Message-ID of a send asked for again (`--again`) differ from the day's first.
    package init(
        _ reminder: Reminder, from: String, to: [String], libraryRoot: String, now: Date = Date(), again: Bool = false,
        pictures: (Reminder.Picture) -> [UInt8]?
    ) {
        let domain = from.split(separator: "@").last.map(String.init) ?? "daybook.invalid"
        messageID = Self.messageID(day: reminder.today, libraryRoot: libraryRoot, domain: domain, again: again ? now : nil)
        subject = reminder.subject
        let token = String(messageID.dropFirst().prefix { $0 != "@" }).replacingOccurrences(of: ".", with: "-")
        var images: [(picture: Reminder.Picture, contentID: String, bytes: [UInt8])] = []
        for (index, picture) in reminder.pictures.enumerated() {
            guard let bytes = pictures(picture) else { continue }
            images.append((picture, "picture\(index + 1).\(token)@\(domain)", bytes))
        }
        contentIDs = images.map(\.contentID)
        let sources = Dictionary(uniqueKeysWithValues: images.map { ($0.picture.entryID, "cid:" + $0.contentID) })
        let html = reminder.html { sources[$0.entryID] }

        let alternative = "=_alternative_\(token)"
        let related = "=_related_\(token)"
        var lines = [
            "Date: \(Self.date(now))",
            "From: \(from)",
            "To: \(to.joined(separator: ", "))",
            "Subject: \(MailHeader.encoded(subject, nameLength: "Subject: ".count))",
            "Message-ID: \(messageID)",
            "MIME-Version: 1.0",
            "X-Mailer: Daybook",
            "Content-Type: multipart/alternative; boundary=\"\(alternative)\"",
            "",
            "--\(alternative)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        lines += Self.base64Lines(Array(reminder.plainText.utf8))
        lines += [
            "--\(alternative)",
            "Content-Type: multipart/related; boundary=\"\(related)\"; type=\"text/html\"",
            "",
            "--\(related)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        lines += Self.base64Lines(Array(html.utf8))
        for (index, image) in images.enumerated() {
            lines += [
                "--\(related)",
                "Content-Type: image/jpeg",
                "Content-Transfer-Encoding: base64",
                "Content-ID: <\(image.contentID)>",
                "Content-Disposition: inline; filename=\"picture\(index + 1).jpg\"",
                "",
            ]
            lines += Self.base64Lines(image.bytes)
        }
        lines += ["--\(related)--", "--\(alternative)--", ""]
        bytes = Array(lines.joined(separator: "\r\n").utf8)
    }

    /// "<remind.2026-11-29.1f3a…@example.org>": the same for every send of one day from one
    /// library, so that a copy sent twice (a run killed between sending and its stamp) is
    /// recognisable as the same message, and mail systems that drop duplicates drop it.
    static func messageID(day: CivilDate, libraryRoot: String, domain: String, again: Date?) -> String {
        let digest = SHA256.hash(data: Data(libraryRoot.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        let resend = again.map { ".again\(Int($0.timeIntervalSince1970))" } ?? ""
        return "<remind.\(day.iso).\(digest)\(resend)@\(domain)>"
    }

    /// RFC 5322's date: "Sun, 29 Nov 2026 08:00:00 +0100", in this machine's zone.
    static func date(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let offset = Int(parts.tm_gmtoff) / 60
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return String(
            format: "%@, %02d %@ %04d %02d:%02d:%02d %@%02d%02d", days[Int(parts.tm_wday)], Int(parts.tm_mday),
            months[Int(parts.tm_mon)], Int(parts.tm_year) + 1900, Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec),
            offset < 0 ? "-" : "+", abs(offset) / 60, abs(offset) % 60)
    }

    /// Base64 in lines of 76 characters, as MIME wants them.
    static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let text = Data(bytes).base64EncodedString()
        var lines: [String] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(String(text[start..<end]))
            start = end
        }
        return lines
    }
}
