import DaybookCore
import DaybookPresentation
import Foundation
import XCTest

@testable import DaybookReminders

/// The e-mail's headers: what a mail client decodes, and what no address can break.
final class MailMessageTests: XCTestCase {
    func testANonASCIISubjectIsEncodedWordsOfWholeCharactersFoldedWithinTheLine() {
        let subject = "On this day: 3 years ago, in Île-de-France, São Paulo and Zürich, and 2 more years"
        let encoded = MailHeader.encoded(subject, nameLength: "Subject: ".count)
        let lines = encoded.components(separatedBy: "\r\n")
        XCTAssertGreaterThan(lines.count, 1)
        var decoded = ""
        for (index, line) in lines.enumerated() {
            XCTAssertLessThanOrEqual(line.utf8.count + (index == 0 ? 9 : 0), 78, line)
            let word = index == 0 ? line : String(line.dropFirst())
            XCTAssertTrue(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="), word)
            let bytes = try! XCTUnwrap(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            // Each word is whole UTF-8 on its own: a client may decode them one by one.
            XCTAssertNotNil(String(data: bytes, encoding: .utf8), word)
            decoded += String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(decoded, subject)
        XCTAssertEqual(MailHeader.encoded("On this day: a year ago", nameLength: 9), "On this day: a year ago")
        XCTAssertTrue(MailHeader.encoded("Two\r\nBcc: x@y.z", nameLength: 9).hasPrefix("=?UTF-8?B?"), "a line break is never written bare")
    }

    func testOnlyABareAddressIsTaken() {
        XCTAssertTrue(MailHeader.isAddress("ana@example.org"))
        for bad in [
            "ana", "@example.org", "ana@", "Ana <ana@example.org>", "ana@example.org\r\nBcc: eve@example.org", "a,b@example.org", "a b@c.d",
        ] {
            XCTAssertFalse(MailHeader.isAddress(bad), bad)
        }
    }

    func testTheMessageIDIsTheDaysAndTheLibrarysSoACopySentTwiceIsRecognisable() {
        let day = CivilDate(year: 2026, month: 7, day: 14)!
        let first = MailMessage.messageID(day: day, libraryRoot: "/home/ana/Journal", domain: "example.org", again: nil)
        XCTAssertEqual(first, MailMessage.messageID(day: day, libraryRoot: "/home/ana/Journal", domain: "example.org", again: nil))
        XCTAssertTrue(first.hasPrefix("<remind.2026-07-14.") && first.hasSuffix("@example.org>"), first)
        XCTAssertNotEqual(first, MailMessage.messageID(day: day, libraryRoot: "/home/bo/Journal", domain: "example.org", again: nil))
        XCTAssertNotEqual(
            first, MailMessage.messageID(day: day, libraryRoot: "/home/ana/Journal", domain: "example.org", again: Date()))
    }

    func testTheDateHeaderIsRFC5322() {
        let date = MailMessage.date(Date(timeIntervalSince1970: 1_785_000_000))
        XCTAssertNotNil(
            date.wholeMatch(of: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4}/),
            date)
    }
}
