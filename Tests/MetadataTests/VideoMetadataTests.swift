import DaybookCore
import XCTest

@testable import DaybookMetadata

/// A video's date and place from its container's tags, as FFmpeg's QuickTime demuxer names them.
final class VideoMetadataTests: XCTestCase {
    func testISO6709InItsThreeFormsWithHeightAndCRS() throws {
        let paris = try XCTUnwrap(ISO6709.location("+48.8584+002.2945+035.000/"))
        XCTAssertEqual(paris.latitude, 48.8584, accuracy: 1e-9)
        XCTAssertEqual(paris.longitude, 2.2945, accuracy: 1e-9)
        XCTAssertEqual(paris.altitude ?? 0, 35, accuracy: 1e-9)
        let south = try XCTUnwrap(ISO6709.location("-33.8568+151.2153/"))
        XCTAssertEqual([south.latitude, south.longitude], [-33.8568, 151.2153])
        XCTAssertNil(south.altitude)
        // Degrees and minutes; degrees, minutes and seconds (ISO 6709 annex H examples).
        let minutes = try XCTUnwrap(ISO6709.location("+4051.5-07357.0/"))
        XCTAssertEqual(minutes.latitude, 40 + 51.5 / 60, accuracy: 1e-9)
        XCTAssertEqual(minutes.longitude, -(73 + 57.0 / 60), accuracy: 1e-9)
        let seconds = try XCTUnwrap(ISO6709.location("+404530.5-0735800.25+10CRSWGS_84/"))
        XCTAssertEqual(seconds.latitude, 40 + 45.0 / 60 + 30.5 / 3600, accuracy: 1e-9)
        XCTAssertEqual(seconds.longitude, -(73 + 58.0 / 60 + 0.25 / 3600), accuracy: 1e-9)
        XCTAssertEqual(seconds.altitude, 10)
        XCTAssertNotNil(ISO6709.location("+35.6586+139.7454"), "FFmpeg's ©xyz may lack the slash")
    }

    func testISO6709RefusesWhatIsNotStrictlyAPoint() {
        for text in [
            "", "/", "48.8584+002.2945/", "+48.8584/", "+91.0+002.0/", "+48.0+181.0/", "+4860.0+00200.0/",
            "+48.8584+2.2945/", "+48.8584+002.2945+1e9/", "+48.8584+002.2945+035+001/", "+4.8e1+002.0/", "+nan+002.0/",
            "+48.8584-+002.2945/", String(repeating: "+1", count: 200),
        ] {
            XCTAssertNil(ISO6709.location(text), text)
        }
    }

    func testAppleCreationDateWinsOverMvhdAndKeepsItsOffset() throws {
        let metadata = VideoMetadataReader.read(
            tags: [
                "com.apple.quicktime.creationdate": "2023-06-14T18:30:05+0200", "creation_time": "2023-06-14T16:30:06.000000Z",
            ], sidecar: nil)
        let capture = try XCTUnwrap(metadata.capture)
        XCTAssertEqual(capture.local.iso8601, "2023-06-14T18:30:05")
        XCTAssertEqual(capture.offset?.seconds, 7200)
        XCTAssertEqual(capture.source, .quickTimeCreationDate)
    }

    func testMvhdIsAUTCInstant() throws {
        let metadata = VideoMetadataReader.read(tags: ["creation_time": "2022-12-31T23:15:00.000000Z"], sidecar: nil)
        let capture = try XCTUnwrap(metadata.capture)
        XCTAssertEqual(capture.local.iso8601, "2022-12-31T23:15:00")
        XCTAssertEqual(capture.offset, UTCOffset(seconds: 0, source: .containerUTC))
        XCTAssertEqual(capture.source, .containerCreationTime)
        XCTAssertNil(capture.subsecond)
        // Before 1970: a zero or a Unix count read as 1904-based; not a date.
        let zero = VideoMetadataReader.read(tags: ["creation_time": "1904-01-01T00:00:00.000000Z"], sidecar: nil)
        XCTAssertNil(zero.capture)
        XCTAssertEqual(zero.warnings.count, 1)
    }

    func testPlaceAndCameraFromTheKeysAndABadPlaceIsAWarning() throws {
        let metadata = VideoMetadataReader.read(
            tags: [
                "location": "+35.6586+139.7454/", "com.apple.quicktime.make": " Apple ", "com.apple.quicktime.model": "iPhone 12",
            ], sidecar: nil)
        XCTAssertEqual(metadata.location?.latitude, 35.6586)
        XCTAssertEqual(metadata.locationSource, .quickTime)
        XCTAssertEqual(metadata.make, "Apple")
        XCTAssertEqual(metadata.model, "iPhone 12")
        let bad = VideoMetadataReader.read(tags: ["com.apple.quicktime.location.ISO6709": "+99.0+000.0/"], sidecar: nil)
        XCTAssertNil(bad.location)
        XCTAssertEqual(bad.warnings, ["ISO 6709 location \"+99.0+000.0/\" is not a usable position; ignored"])
    }

    /// The sidecar fills in what the container lacks, and a newer sidecar's date wins.
    func testTheSidecarComesAfterTheContainerUnlessNewer() throws {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="2020-05-01T08:00:00"/>
            </rdf:RDF></x:xmpmeta>
            """
        let older = SidecarXMP(name: "clip.xmp", bytes: Array(xmp.utf8), isNewerThanPhoto: false)
        let tags = ["creation_time": "2022-12-31T23:15:00.000000Z"]
        XCTAssertEqual(VideoMetadataReader.read(tags: tags, sidecar: older).capture?.source, .containerCreationTime)
        XCTAssertEqual(VideoMetadataReader.read(tags: [:], sidecar: older).capture?.source, .sidecar)
        let newer = SidecarXMP(name: "clip.xmp", bytes: Array(xmp.utf8), isNewerThanPhoto: true)
        XCTAssertEqual(VideoMetadataReader.read(tags: tags, sidecar: newer).capture?.local.iso8601, "2020-05-01T08:00:00")
    }
}
