import DaybookCore
import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

/// Dates and places from XMP and IPTC, on files exiftool wrote (scripts/make_xmp_fixtures.sh,
/// Tests/Fixtures/xmp): embedded packets in both RDF forms, sidecars in both GPS forms, IPTC
/// alone, and the order of precedence between them.
final class XMPFixtureTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("xmp")

    func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    func metadata(_ photo: String, sidecar: String? = nil, newer: Bool = false) throws -> PhotoMetadata {
        let side = try sidecar.map { SidecarXMP(name: $0, bytes: try bytes($0), isNewerThanPhoto: newer) }
        return PhotoMetadataReader.read(jpeg: try bytes(photo), sidecar: side)
    }

    func assertPlace(
        _ metadata: PhotoMetadata, _ latitude: Double, _ longitude: Double, _ source: LocationSource,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(metadata.location?.latitude ?? .nan, latitude, accuracy: 1e-6, file: file, line: line)
        XCTAssertEqual(metadata.location?.longitude ?? .nan, longitude, accuracy: 1e-6, file: file, line: line)
        XCTAssertEqual(metadata.locationSource, source, file: file, line: line)
    }

    func testEmbeddedPacketWithElements() throws {
        let found = try metadata("embedded-elements.jpg")
        XCTAssertEqual(found.capture?.local.iso8601, "2021-07-01T14:00:00")
        XCTAssertEqual(found.capture?.subsecond, "25")
        XCTAssertEqual(found.capture?.source, .xmp)
        XCTAssertEqual(found.capture?.offset, UTCOffset(seconds: 7200, source: .dateText))
        assertPlace(found, 48 + 51.396 / 60, 2 + 21.132 / 60, .xmp)
        XCTAssertEqual(found.location?.altitude, 35)
        XCTAssertFalse(found.hasExif)
        XCTAssertEqual(found.warnings, [])
    }

    func testEmbeddedPacketWithAttributesSouthAndWest() throws {
        let found = try metadata("embedded-attributes.jpg")
        XCTAssertEqual(found.capture?.local.iso8601, "2020-01-15T09:45:00")
        XCTAssertEqual(found.capture?.offset?.formatted, "-03:00")
        XCTAssertEqual(found.capture?.source, .xmp)
        assertPlace(found, -22.9068, -43.1729, .xmp)
        XCTAssertEqual(found.warnings, [])
    }

    func testIPTCOnlyFile() throws {
        let found = try metadata("iptc-only.jpg")
        XCTAssertEqual(found.capture?.local.iso8601, "2018-05-20T16:20:00")
        XCTAssertEqual(found.capture?.source, .iptc)
        XCTAssertEqual(found.capture?.offset, UTCOffset(seconds: 9 * 3600, source: .dateText))
        XCTAssertNil(found.location)
        XCTAssertEqual(found.warnings, [])
    }

    func testIPTCDateWithoutTimeIsNotMadeMidnight() throws {
        let found = try metadata("iptc-date-only.jpg")
        XCTAssertNil(found.capture)
        XCTAssertEqual(found.warnings, ["IPTC DateCreated \"20180520\" has no TimeCreated; ignored"])
    }

    func testSidecarWithElementsAndAltitudeBelowSeaLevel() throws {
        let found = try metadata("plain.jpg", sidecar: "sidecar-elements.xmp")
        XCTAssertEqual(found.capture?.local.iso8601, "2022-06-10T18:05:00")
        XCTAssertEqual(found.capture?.source, .sidecar)
        XCTAssertEqual(found.capture?.offset?.formatted, "+03:00")
        assertPlace(found, 31.5590, 35.4732, .sidecar)
        XCTAssertEqual(found.location?.altitude, -430)
    }

    func testSidecarWithDegreesMinutesSecondsAsAttributesUnderAnotherPrefix() throws {
        let found = try metadata("plain.jpg", sidecar: "sidecar-dms-attributes.xmp")
        XCTAssertEqual(found.capture?.local.iso8601, "2021-12-24T21:00:30")
        XCTAssertEqual(found.capture?.subsecond, "5")
        XCTAssertNil(found.capture?.offset, "no zone written: the time stays floating")
        assertPlace(found, -(33 + 51.0 / 60 + 24.42 / 3600), 151 + 12.0 / 60 + 55.07 / 3600, .sidecar)
    }

    func testEXIFThenXMPThenIPTCEachValueOnItsOwn() throws {
        // EXIF has a date and no place; the XMP has both; IPTC a third date.
        let found = try metadata("all-sources.jpg")
        XCTAssertEqual(found.capture?.local.iso8601, "2019-07-14T10:30:00")
        XCTAssertEqual(found.capture?.source, .dateTimeOriginal)
        XCTAssertEqual(found.capture?.offset, UTCOffset(seconds: 7200, source: .exifOffsetTag))
        assertPlace(found, 48.858370, 2.294481, .xmp)

        let withoutEXIF = try metadata("xmp-and-iptc.jpg")
        XCTAssertEqual(withoutEXIF.capture?.local.iso8601, "2016-03-03T03:03:03")
        XCTAssertEqual(withoutEXIF.capture?.source, .xmp)
    }

    func testAnOlderSidecarOnlyFillsWhatThePhotoLacks() throws {
        let found = try metadata("all-sources.jpg", sidecar: "sidecar-corrected.xmp", newer: false)
        XCTAssertEqual(found.capture?.source, .dateTimeOriginal)
        assertPlace(found, 48.858370, 2.294481, .xmp)

        let plain = try metadata("plain.jpg", sidecar: "sidecar-corrected.xmp", newer: false)
        XCTAssertEqual(plain.capture?.local.iso8601, "2019-07-15T08:00:00")
        XCTAssertEqual(plain.capture?.source, .sidecar)
        assertPlace(plain, 43 + 17.79 / 60, 5 + 22.188 / 60, .sidecar)
    }

    func testANewerSidecarComesFirst() throws {
        let found = try metadata("all-sources.jpg", sidecar: "sidecar-corrected.xmp", newer: true)
        XCTAssertEqual(found.capture?.local.iso8601, "2019-07-15T08:00:00")
        XCTAssertEqual(found.capture?.source, .sidecar)
        XCTAssertEqual(found.capture?.offset?.formatted, "+02:00")
        assertPlace(found, 43 + 17.79 / 60, 5 + 22.188 / 60, .sidecar)

        // A newer sidecar with a date and no place changes only the date.
        let dateOnly = try metadata("all-sources.jpg", sidecar: "sidecar-corrected-again.xmp", newer: true)
        XCTAssertEqual(dateOnly.capture?.local.iso8601, "2019-07-16T20:00:00")
        assertPlace(dateOnly, 48.858370, 2.294481, .xmp)
    }

    func testBrokenSidecarIsOneWarningAndThePhotoKeepsItsOwnValues() throws {
        let found = try metadata("embedded-elements.jpg", sidecar: "sidecar-broken.xmp", newer: true)
        XCTAssertEqual(found.capture?.source, .xmp)
        assertPlace(found, 48 + 51.396 / 60, 2 + 21.132 / 60, .xmp)
        XCTAssertEqual(found.warnings.count, 1, "\(found.warnings)")
        let warning = try XCTUnwrap(found.warnings.first)
        XCTAssertTrue(warning.hasPrefix("sidecar sidecar-broken.xmp: XMP is not well-formed XML"), warning)
        XCTAssertTrue(warning.hasSuffix("; ignored"), warning)
    }

    func testEXIFComesFirstEvenWithOnlyItsModifyDate() throws {
        // EXIF before XMP (`MetadataPrecedence`), and what the shared bad input exif_subifd_loops_to_ifd0.jpg
        // expects: its EXIF keeps only ModifyDate, its XMP has an exif:DateTimeOriginal.
        var modified = PhotoMetadata(hasExif: true)
        modified.capture = CaptureTime(local: LocalDateTime(exif: "2024:01:01 00:00:00")!, source: .modifyDate)
        let xmp = XMPReader.read(try bytes("sidecar-elements.xmp"), origin: .embedded)
        let combined = MetadataPrecedence.combine(exif: modified, embeddedXMP: xmp, iptc: nil, sidecar: nil)
        XCTAssertEqual(combined.capture?.source, .modifyDate)
        XCTAssertEqual(combined.capture?.local.iso8601, "2024-01-01T00:00:00")
        XCTAssertEqual(combined.locationSource, .xmp, "the place still comes from the XMP")
    }

    func testPhotosWithoutXMPReadAsBefore() throws {
        let paris = try [UInt8](Data(contentsOf: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg")))
        let exif = ExifReader.read(jpeg: paris)
        XCTAssertEqual(exif.locationSource, .exif)
        XCTAssertEqual(PhotoMetadataReader.read(jpeg: paris), exif)
    }
}
