import DaybookMetadata
import XCTest

/// GPS and orientation stored in the formats real writers use, and values that are present
/// but unusable. Each expected value was checked with exiftool 12.57 (`exiftool -n -json`,
/// Composite:GPSLatitude/GPSLongitude/GPSAltitude) on the very bytes these builders make;
/// its reading is in the comment where Daybook's differs or is not obvious.
final class GPSFormatTests: XCTestCase {
    private let paris: [(UInt16, TIFFBuilder.Value)] = [
        (0x0001, .ascii("N")), (0x0002, .rationals([(48, 1), (51, 1), (30, 1)])),
        (0x0003, .ascii("E")), (0x0004, .rationals([(2, 1), (17, 1), (40, 1)])),
    ]
    private let parisLatitude = 48 + 51.0 / 60 + 30.0 / 3600  // exiftool: 48.8583333333333
    private let parisLongitude = 2 + 17.0 / 60 + 40.0 / 3600  // exiftool: 2.29444444444444

    private func read(gps: [(UInt16, TIFFBuilder.Value)]) -> PhotoMetadata {
        ExifReader.read(jpeg: TIFFBuilder(gps: gps).jpeg())
    }

    private func replacing(_ tag: UInt16, with value: TIFFBuilder.Value) -> [(UInt16, TIFFBuilder.Value)] {
        paris.map { $0.0 == tag ? (tag, value) : $0 }
    }

    /// The Nokia 8.3 5G case: positive SRATIONALs with N/E refs.
    func testSignedRationalPositionIsRead() throws {
        let metadata = read(gps: [
            (0x0001, .ascii("N")), (0x0002, .srationals([(48, 1), (51, 1), (30, 1)])),
            (0x0003, .ascii("E")), (0x0004, .srationals([(2, 1), (17, 1), (40, 1)])),
        ])
        let location = try XCTUnwrap(metadata.location, "\(metadata.warnings)")
        XCTAssertEqual(location.latitude, parisLatitude, accuracy: 1e-9)
        XCTAssertEqual(location.longitude, parisLongitude, accuracy: 1e-9)
        XCTAssertEqual(metadata.warnings, [])
    }

    /// The Ref decides the hemisphere; a negative number never flips it.
    func testNegativeSignedRationalsTakeTheirHemisphereFromTheRef() throws {
        let south = read(gps: [
            (0x0001, .ascii("S")), (0x0002, .srationals([(-33, 1), (-30, 1), (0, 1)])),
            (0x0003, .ascii("W")), (0x0004, .srationals([(-151, 1), (-12, 1), (0, 1)])),
        ])
        // exiftool: -33.5, -151.2
        XCTAssertEqual(try XCTUnwrap(south.location).latitude, -33.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(south.location).longitude, -151.2, accuracy: 1e-9)

        let north = read(gps: [
            (0x0001, .ascii("N")), (0x0002, .srationals([(-33, 1), (-30, 1), (0, 1)])),
            (0x0003, .ascii("E")), (0x0004, .srationals([(151, -1), (12, -1), (0, 1)])),
        ])
        // exiftool: 33.5, 151.2 (negative denominators are negative numbers too)
        XCTAssertEqual(try XCTUnwrap(north.location).latitude, 33.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(north.location).longitude, 151.2, accuracy: 1e-9)

        // exiftool: -48.8583333333333 for "south", and for "s" (first letter, any case).
        for ref in ["south", "s"] {
            let located = try XCTUnwrap(read(gps: replacing(0x0001, with: .ascii(ref))).location)
            XCTAssertEqual(located.latitude, -parisLatitude, accuracy: 1e-9, ref)
        }
    }

    /// exiftool reads a number from any numeric format; so does Daybook.
    func testPositionInOtherNumericFormats() throws {
        let formats: [(String, TIFFBuilder.Value, TIFFBuilder.Value)] = [
            ("SHORT", .shorts([48, 51, 30]), .shorts([2, 17, 40])),
            ("LONG", .longs([48, 51, 30]), .longs([2, 17, 40])),
            ("FLOAT", .floats([48, 51, 30]), .floats([2, 17, 40])),
            ("DOUBLE", .doubles([48, 51, 30]), .doubles([2, 17, 40])),
            // Degrees and decimal minutes, as the corpus's Kodak writes (exiftool: 48.85).
            ("two RATIONALs", .rationals([(48, 1), (5_150, 100)]), .rationals([(2, 1), (17, 1)])),
        ]
        for (label, latitude, longitude) in formats {
            let metadata = read(gps: [(0x0001, .ascii("N")), (0x0002, latitude), (0x0003, .ascii("E")), (0x0004, longitude)])
            let location = try XCTUnwrap(metadata.location, "\(label): \(metadata.warnings)")
            XCTAssertEqual(location.latitude, label == "two RATIONALs" ? 48.858333333 : parisLatitude, accuracy: 1e-6, label)
            XCTAssertEqual(location.longitude, label == "two RATIONALs" ? 2 + 17.0 / 60 : parisLongitude, accuracy: 1e-9, label)
        }
    }

    /// Present but unusable: no location, and a warning saying which tag and why.
    func testUnusablePositionsWarnAndStoreNoLocation() {
        let cases: [(String, [(UInt16, TIFFBuilder.Value)], String)] = [
            // exiftool: GPSLatitude "" (no value)
            ("zero denominator", replacing(0x0002, with: .rationals([(48, 0), (51, 1), (30, 1)])), "GPSLatitude has a zero denominator"),
            ("0/0", replacing(0x0002, with: .srationals([(0, 0), (51, 1), (30, 1)])), "GPSLatitude has a zero denominator"),
            // exiftool: 48.8583333333333 (ignores the fourth value)
            (
                "four components", replacing(0x0002, with: .rationals([(48, 1), (51, 1), (30, 1), (7, 1)])),
                "GPSLatitude has 4 values, expected 1 to 3"
            ),
            // exiftool: 48.8583333333333 (parses the text)
            ("text", replacing(0x0002, with: .ascii("48 51 30")), "GPSLatitude is stored as ASCII, not a number"),
            // exiftool: 95 and 200.294444444444
            ("latitude beyond 90", replacing(0x0002, with: .rationals([(95, 1), (0, 1), (0, 1)])), "GPSLatitude 95.0 is beyond 90°"),
            ("longitude beyond 180", replacing(0x0004, with: .rationals([(200, 1), (17, 1), (40, 1)])), "is beyond 180°"),
            // exiftool: 49.2583333333333
            ("minutes 75", replacing(0x0002, with: .rationals([(48, 1), (75, 1), (30, 1)])), "GPSLatitude minutes 75.0 are not below 60"),
            ("seconds 60", replacing(0x0004, with: .rationals([(2, 1), (17, 1), (60, 1)])), "GPSLongitude seconds 60.0 are not below 60"),
            // exiftool: -32.5 (-33 + 30/60, then the S applied)
            (
                "mixed signs",
                [
                    (0x0001, .ascii("S")), (0x0002, .srationals([(-33, 1), (30, 1), (0, 1)])),
                    (0x0003, .ascii("E")), (0x0004, .rationals([(2, 1), (17, 1), (40, 1)])),
                ],
                "GPSLatitude mixes negative and positive parts"
            ),
            // exiftool: 48.8583333333333 (anything but S is north)
            ("ref X", replacing(0x0001, with: .ascii("X")), "GPSLatitudeRef \"X\" is not N/S"),
            // exiftool: 48.8583333333333 (reads the byte as the number 83, not "S")
            ("ref as a number", replacing(0x0001, with: .byte(83)), "GPSLatitudeRef is stored as BYTE, not text"),
            ("no longitude", Array(paris.prefix(2)), "GPS position has no GPSLongitude"),
        ]
        for (label, gps, warning) in cases {
            let metadata = read(gps: gps)
            XCTAssertNil(metadata.location, label)
            XCTAssertTrue(
                metadata.warnings.contains { $0.contains(warning) && $0.hasSuffix("; location ignored") },
                "\(label): \(metadata.warnings)")
        }
    }

    func testAltitudeFormatsAndSigns() throws {
        let cases: [(String, TIFFBuilder.Value?, TIFFBuilder.Value, Double)] = [
            // exiftool Composite:GPSAltitude: ref 1 means below, whatever the number's sign.
            ("SRATIONAL -12, ref 1", .byte(1), .srationals([(-12, 1)]), -12),
            ("SRATIONAL -12, ref 0", .byte(0), .srationals([(-12, 1)]), -12),
            ("SRATIONAL -12, no ref", nil, .srationals([(-12, 1)]), -12),  // exiftool: GPS:GPSAltitude -12
            ("SHORT 12, SHORT ref 1", .short(1), .shorts([12]), -12),
            ("RATIONAL 12, LONG ref 1", .long(1), .rationals([(12, 1)]), -12),
            ("RATIONAL 35.5, ref 0", .byte(0), .rationals([(71, 2)]), 35.5),
        ]
        for (label, ref, value, metres) in cases {
            var gps = paris + [(0x0006, value)]
            if let ref { gps.append((0x0005, ref)) }
            let metadata = read(gps: gps)
            XCTAssertEqual(try XCTUnwrap(metadata.location?.altitude, label), metres, accuracy: 1e-9, label)
            XCTAssertEqual(metadata.warnings, [], label)
        }
    }

    /// A bad altitude loses the altitude only; the position stays.
    func testUnusableAltitudeWarnsAndKeepsThePosition() throws {
        let cases: [(String, TIFFBuilder.Value, TIFFBuilder.Value, String)] = [
            ("zero denominator", .byte(0), .rationals([(12, 0)]), "GPSAltitude has a zero denominator"),  // exiftool: "inf"
            ("two values", .byte(0), .rationals([(12, 1), (3, 1)]), "GPSAltitude has 2 values, expected 1"),  // exiftool: "12 3"
            ("ref 2", .byte(2), .rationals([(12, 1)]), "GPSAltitudeRef 2 is not 0 or 1"),  // exiftool: -12
            ("ref as text", .ascii("1"), .rationals([(12, 1)]), "GPSAltitudeRef is stored as ASCII, not a number"),  // exiftool: -12
        ]
        for (label, ref, value, warning) in cases {
            let metadata = read(gps: paris + [(0x0005, ref), (0x0006, value)])
            let location = try XCTUnwrap(metadata.location, label)
            XCTAssertEqual(location.latitude, parisLatitude, accuracy: 1e-9, label)
            XCTAssertNil(location.altitude, label)
            XCTAssertTrue(
                metadata.warnings.contains { $0.contains(warning) && $0.hasSuffix("; altitude ignored") },
                "\(label): \(metadata.warnings)")
        }
    }
}
