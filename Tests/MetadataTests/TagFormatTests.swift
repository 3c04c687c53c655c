import DaybookCore
import DaybookMetadata
import XCTest

/// Orientation, dates and the GPS clock in the formats exiftool accepts, and the warnings
/// for values present but unusable. Expected values checked with exiftool 12.57
/// (`exiftool -n -json`) on the same bytes.
final class TagFormatTests: XCTestCase {
    func testOrientationInAnyIntegerFormat() {
        // exiftool: 6 for every one of these.
        let formats: [(String, TIFFBuilder.Value)] = [
            ("BYTE", .byte(6)), ("SHORT", .short(6)), ("LONG", .long(6)), ("SSHORT", .sshorts([6])),
            ("RATIONAL 6/1", .rationals([(6, 1)])),
        ]
        for (label, value) in formats {
            let metadata = ExifReader.read(jpeg: TIFFBuilder(ifd0: [(0x0112, value)]).jpeg())
            XCTAssertEqual(metadata.orientation.rawValue, 6, label)
            XCTAssertEqual(metadata.warnings, [], label)
        }
    }

    func testUnusableOrientationWarnsAndIsOne() {
        let cases: [(String, TIFFBuilder.Value, String)] = [
            ("two values", .shorts([6, 3]), "Orientation has 2 values, expected 1"),  // exiftool: "6 3"
            ("text", .ascii("6"), "Orientation is stored as ASCII, not a number"),  // exiftool: 6
            ("LONG 65542", .long(65_542), "orientation 65542 is not 1–8"),  // exiftool: 65542
            ("RATIONAL 13/2", .rationals([(13, 2)]), "Orientation 6.5 is not a whole number"),  // exiftool: 6.5
        ]
        for (label, value, warning) in cases {
            let metadata = ExifReader.read(jpeg: TIFFBuilder(ifd0: [(0x0112, value)]).jpeg())
            XCTAssertEqual(metadata.orientation.rawValue, 1, label)
            XCTAssertTrue(
                metadata.warnings.contains { $0.hasPrefix(warning) && $0.hasSuffix("; using 1") },
                "\(label): \(metadata.warnings)")
        }
    }

    /// Dates are text: ASCII as EXIF says, or UNDEFINED bytes, which exiftool also reads as text.
    func testDatesAreReadFromTextOnly() {
        let undefined = TIFFBuilder(exif: [(0x9003, .undefined(Array("2020:01:01 12:20:30".utf8) + [0]))])
        // exiftool: DateTimeOriginal "2020:01:01 12:20:30"
        XCTAssertEqual(ExifReader.read(jpeg: undefined.jpeg()).capture?.local.exifString, "2020:01:01 12:20:30")

        let numbers = TIFFBuilder(exif: [(0x9003, .shorts([2020, 1, 1])), (0x9004, .ascii("2019:02:03 04:05:06"))])
        let metadata = ExifReader.read(jpeg: numbers.jpeg())
        XCTAssertEqual(metadata.capture?.source, .createDate)
        XCTAssertTrue(metadata.warnings.contains("DateTimeOriginal is stored as SHORT, not text; ignored"), "\(metadata.warnings)")
    }

    private func clock(_ time: TIFFBuilder.Value) -> PhotoMetadata {
        ExifReader.read(
            jpeg: TIFFBuilder(
                exif: [(0x9003, .ascii("2020:01:01 12:20:30"))],
                gps: [(0x0007, time), (0x001D, .ascii("2020:01:01"))]
            ).jpeg())
    }

    /// The GPS clock gives the UTC offset when the photo has no offset tag.
    func testGPSTimeStampInSignedAndIntegerFormats() {
        // exiftool: GPSDateTime "2020:01:01 10:20:30Z" for both.
        for time in [TIFFBuilder.Value.srationals([(10, 1), (20, 1), (30, 1)]), .shorts([10, 20, 30])] {
            let capture = clock(time).capture
            XCTAssertEqual(capture?.offset?.formatted, "+02:00")
            XCTAssertEqual(capture?.offset?.source, .gpsTimestamp)
        }
    }

    func testUnusableGPSTimeStampWarnsAndGivesNoOffset() {
        let cases: [(String, TIFFBuilder.Value, String)] = [
            ("zero denominator", .rationals([(10, 0), (20, 1), (30, 1)]), "GPSTimeStamp has a zero denominator"),  // exiftool: "Inf:NaN:…"
            ("negative", .srationals([(-10, 1), (20, 1), (30, 1)]), "GPSTimeStamp has a negative part"),  // exiftool: "-09:-39:-30"
            ("minutes 75", .rationals([(10, 1), (75, 1), (30, 1)]), "GPSTimeStamp minutes 75.0 are not below 60"),
            ("hour 24", .rationals([(24, 1), (0, 1), (0, 1)]), "GPSTimeStamp is not within a day"),
        ]
        for (label, time, warning) in cases {
            let metadata = clock(time)
            XCTAssertNotNil(metadata.capture, label)
            XCTAssertNil(metadata.capture?.offset, label)
            XCTAssertTrue(metadata.warnings.contains("\(warning); no UTC offset from the GPS clock"), "\(label): \(metadata.warnings)")
        }
    }
}
