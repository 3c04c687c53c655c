import DaybookTestSupport
import Foundation
import XCTest

/// `daybook remind` by e-mail, to a real SMTP server on 127.0.0.1 that demands STARTTLS and a
/// login; the message as Python's email package reads it.
final class RemindMailTests: XCTestCase {
    private func setUpMail(_ library: URL, _ server: MailServer, password: String = MailServer.password) throws -> URL {
        let passwordFile = library.deletingLastPathComponent().appendingPathComponent("smtp-password")
        try Data((password + "\n").utf8).write(to: passwordFile)
        let saved = try DaybookProcess.run(
            [
                "remind", "--mail-to", "ana@example.org", "--mail-to", "bo@example.org", "--mail-from", "daybook@example.org",
                "--smtp", server.url, "--smtp-user", MailServer.user, "--smtp-password-file", passwordFile.path,
                "--smtp-ca-file", server.certificate.path, "--url", "http://nas.local:8080/",
            ], library: library)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        return passwordFile
    }

    func testTheReminderArrivesOnceAsTextAndHTMLWithItsThumbnailsInline() throws {
        let library = try RemindLibrary.make()
        let server = try MailServer()
        _ = try setUpMail(library, server)
        let listed = try DaybookProcess.run(["remind", "--settings"], library: library)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("smtp-password"), listed.stdout)
        XCTAssertFalse(listed.stdout.contains(MailServer.password), "a password is never printed")

        let sent = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertTrue(sent.stdout.contains("mail: sent to ana@example.org, bo@example.org"), sent.stdout)
        let messages = try server.received()
        XCTAssertEqual(messages.count, 1)
        let mail = try XCTUnwrap(messages.first)
        XCTAssertEqual(mail["tls"] as? Bool, true, "STARTTLS before the login")
        XCTAssertEqual(mail["login"] as? String, MailServer.user)
        XCTAssertEqual(mail["mail_from"] as? String, "daybook@example.org")
        XCTAssertEqual(mail["rcpt_tos"] as? [String], ["ana@example.org", "bo@example.org"])
        XCTAssertEqual(mail["defects"] as? [String], [])
        let headers = try XCTUnwrap(mail["headers"] as? [String: String])
        XCTAssertEqual(headers["MIME-Version"], "1.0")
        XCTAssertEqual(headers["From"], "daybook@example.org")
        XCTAssertEqual(headers["To"], "ana@example.org, bo@example.org")
        XCTAssertNotNil(headers["Date"])
        let messageID = try XCTUnwrap(headers["Message-ID"])
        XCTAssertTrue(messageID.hasPrefix("<remind.2026-07-14.") && messageID.hasSuffix("@example.org>"), messageID)
        XCTAssertEqual(headers["Subject"], "On this day: 3 years ago, and 2 more years")
        XCTAssertEqual(mail["content_type"] as? String, "multipart/alternative")

        let parts = try XCTUnwrap(mail["parts"] as? [[String: Any]])
        XCTAssertEqual(
            parts.map { $0["content_type"] as? String },
            ["multipart/alternative", "text/plain", "multipart/related", "text/html", "image/jpeg", "image/jpeg", "image/jpeg"])
        let html = try XCTUnwrap(mail["html"] as? String)
        let text = try XCTUnwrap(mail["text"] as? String)
        let thumbnails = try RemindLibrary.thumbnailDigests(library)
        for image in parts where image["content_type"] as? String == "image/jpeg" {
            let contentID = try XCTUnwrap(image["content_id"] as? String)
            XCTAssertTrue(html.contains("src=\"cid:\(contentID.dropFirst().dropLast())\""), "\(contentID) is shown by the HTML")
            XCTAssertEqual(image["disposition"] as? String, "inline")
            XCTAssertEqual(image["starts_as_jpeg"] as? Bool, true)
            XCTAssertTrue(thumbnails.contains(try XCTUnwrap(image["sha256"] as? String)), "the library's thumbnail, byte for byte")
        }
        for heading in ["3 years ago (2023)", "5 years ago, in ", "7 years ago, in Paris (2019)"] {
            XCTAssertTrue(text.contains(heading), "\(heading) in\n\(text)")
        }
        XCTAssertTrue(text.contains("See the day in your journal: http://nas.local:8080/on-this-day?date=07-14"), text)
        XCTAssertTrue(text.contains(RemindLibrary.words), "the plain text says the words as written\n\(text)")
        XCTAssertTrue(html.contains("<a href=\"http://nas.local:8080/on-this-day?date=07-14\">"), html)
        XCTAssertTrue(html.contains("Lunch &lt;b&gt;&amp; friends&lt;/b&gt; at &quot;Tasca&quot;"), html)
        XCTAssertFalse(html.contains("<b>"), "no word of the journal is markup")

        // Once a day: the second run sends nothing and says so; --again sends another copy.
        let second = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("mail: today's reminder was sent at "), second.stdout)
        XCTAssertEqual(try server.received().count, 1)
        let again = try DaybookProcess.run(["remind", "--date", RemindLibrary.day, "--again"], library: library)
        XCTAssertEqual(again.status, 0, again.stderr)
        let copies = try server.received()
        XCTAssertEqual(copies.count, 2)
        let secondID = try XCTUnwrap((copies.last?["headers"] as? [String: String])?["Message-ID"])
        XCTAssertNotEqual(secondID, messageID, "a copy asked for is a message of its own")
        // Another day is another reminder.
        let nextDay = try DaybookProcess.run(["remind", "--date", "2026-07-15"], library: library)
        XCTAssertEqual(nextDay.status, 0, nextDay.stderr)
        XCTAssertTrue(nextDay.stderr.contains("nothing from 15 July in earlier years"), nextDay.stderr)
        XCTAssertEqual(try server.received().count, 2)
    }

    func testARefusedLoginSaysWhyInOneLineLeavesNoStampAndTheNextRunSends() throws {
        let library = try RemindLibrary.make()
        let server = try MailServer()
        let passwordFile = try setUpMail(library, server, password: "wrong")
        let refused = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertEqual(refused.status, 1)
        let lines = refused.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasPrefix("daybook: mail not sent: the mail server refused the login: "), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("(the next run tries again)"), refused.stderr)
        XCTAssertEqual(try server.received().count, 0)
        let stamps = String(
            decoding: FileManager.default.contents(atPath: library.appendingPathComponent("remind-sent.json").path) ?? Data(), as: UTF8.self
        )
        XCTAssertFalse(stamps.contains("\"mail\""), stamps)

        try Data((MailServer.password + "\n").utf8).write(to: passwordFile)
        let retried = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertEqual(retried.status, 0, retried.stderr)
        XCTAssertEqual(try server.received().count, 1)
    }

    func testThePasswordComesFromTheEnvironmentAndNeverFromTheCommandLine() throws {
        let library = try RemindLibrary.make()
        let server = try MailServer()
        let onCommandLine = try DaybookProcess.run(["remind", "--smtp-password", MailServer.password], library: library)
        XCTAssertEqual(onCommandLine.status, 2)
        XCTAssertTrue(onCommandLine.stderr.contains("--smtp-password-file"), onCommandLine.stderr)
        let saved = try DaybookProcess.run(
            [
                "remind", "--mail-to", "ana@example.org", "--mail-from", "daybook@example.org", "--smtp", server.url,
                "--smtp-user", MailServer.user, "--smtp-ca-file", server.certificate.path,
            ], library: library)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let sent = try DaybookProcess.run(
            ["remind", "--date", RemindLibrary.day], library: library, environment: ["DAYBOOK_SMTP_PASSWORD": MailServer.password])
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertEqual(try server.received().count, 1)
        let settings = String(
            decoding: FileManager.default.contents(atPath: library.appendingPathComponent("remind.json").path)!, as: UTF8.self)
        XCTAssertFalse(settings.contains(MailServer.password), settings)
    }

    func testAServerWhoseCertificateIsNotTrustedGetsNoPassword() throws {
        let library = try RemindLibrary.make()
        let server = try MailServer()
        let passwordFile = library.deletingLastPathComponent().appendingPathComponent("smtp-password")
        try Data(MailServer.password.utf8).write(to: passwordFile)
        let saved = try DaybookProcess.run(
            [
                "remind", "--mail-to", "ana@example.org", "--mail-from", "daybook@example.org", "--smtp", server.url,
                "--smtp-user", MailServer.user, "--smtp-password-file", passwordFile.path,
            ], library: library)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let refused = try DaybookProcess.run(["remind", "--date", RemindLibrary.day], library: library)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("daybook: mail not sent: no TLS with the mail server"), refused.stderr)
        XCTAssertEqual(try server.received().count, 0)
    }
}
