import DaybookCore
import DaybookMetadata
import XCTest

/// Dates from the names phones, screenshot tools and messengers give files, for files whose
/// bytes carry none: each shape, the range check, and names that only look like dates.
final class FileNameDateTests: XCTestCase {
    func testTheNamesPhonesAndMessengersWrite() {
        let cases: [(String, String)] = [
            ("Screenshot_20230114-101112.png", "2023-01-14T10:11:12"),
            ("Screenshot_20230114-101112_Chrome.jpg", "2023-01-14T10:11:12"),
            ("IMG_20230114_101112.jpg", "2023-01-14T10:11:12"),
            ("PXL_20230114_101112345.jpg", "2023-01-14T10:11:12"),
            ("PXL_20230114_101112345.MP.jpg", "2023-01-14T10:11:12"),
            ("20230114_101112.jpg", "2023-01-14T10:11:12"),
            ("WhatsApp Image 2023-01-14 at 10.11.12.jpeg", "2023-01-14T10:11:12"),
            ("WhatsApp Image 2023-01-14 at 10.11.12 (1).jpeg", "2023-01-14T10:11:12"),
            ("Screenshot 2023-01-14 at 10.11.12.png", "2023-01-14T10:11:12"),
            ("Screen Shot 2023-01-14 at 10.11.12 PM.png", "2023-01-14T22:11:12"),
            ("Screenshot 2023-01-14 at 12.11.12\u{202F}AM.png", "2023-01-14T00:11:12"),
            ("signal-2023-01-14-101112.jpg", "2023-01-14T10:11:12"),
            ("signal-2023-01-14-10-11-12-123.jpg", "2023-01-14T10:11:12"),
        ]
        for (name, expected) in cases {
            let capture = FileNameDate.capture(fromName: name)
            XCTAssertEqual(capture?.local.iso8601, expected, name)
            XCTAssertEqual(capture?.source, .filename, name)
            XCTAssertNil(capture?.offset, "\(name): a name gives a floating local time")
        }
    }

    func testNamesThatAreNoDates() {
        for name in [
            "IMG_0001.jpg", "DSC_20230114.jpg", "IMG_20231314_101112.jpg", "IMG_20230230_101112.jpg",
            "IMG_20230114_251112.jpg", "IMG_19000101_000000.jpg", "IMG_21230114_101112.jpg", "scan-120230114_101112.jpg",
            "WhatsApp Image 2023-01-14 at 13.11.12 PM.jpeg", "holiday.png",
        ] {
            XCTAssertNil(FileNameDate.capture(fromName: name), name)
        }
    }

    func testPNGCreationTimeInEachWrittenForm() {
        let cases: [(String, String, Int?)] = [
            ("Sat, 14 Jan 2023 10:11:12 GMT", "2023-01-14T10:11:12", 0),
            ("14 Jan 2023 10:11:12 +0100", "2023-01-14T10:11:12", 3600),
            ("2023:01:14 10:11:12", "2023-01-14T10:11:12", nil),
            ("2023-01-14T10:11:12+02:00", "2023-01-14T10:11:12", 7200),
        ]
        for (text, local, offset) in cases {
            let reading = PNGCreationTime.read(text)
            XCTAssertEqual(reading.capture?.local.iso8601, local, text)
            XCTAssertEqual(reading.capture?.offset?.seconds, offset, text)
            XCTAssertEqual(reading.capture?.source, .pngCreationTime, text)
        }
        let garbage = PNGCreationTime.read("yesterday\u{1B}[31m")
        XCTAssertNil(garbage.capture)
        XCTAssertEqual(garbage.warnings.count, 1)
        XCTAssertFalse(garbage.warnings[0].contains("\u{1B}"), "no raw control character in a warning")
    }
}
