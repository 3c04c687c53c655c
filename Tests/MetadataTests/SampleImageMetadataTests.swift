import DaybookCore
import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

/// Every metadata rule checked on the sample squares (Tests/Fixtures/sample-squares), whose values
/// scripts/make_photos.py chose (and exiftool confirms).
final class SampleImageMetadataTests: XCTestCase {
    static let samples = Repository.sampleSquares

    func metadata(_ name: String) throws -> PhotoMetadata {
        ExifReader.read(jpeg: try [UInt8](Data(contentsOf: Self.samples.appendingPathComponent(name))))
    }

    func testDateTimeOriginalWithSubsecondsAndOffsetTag() throws {
        let paris = try metadata("01-paris-2019-07.jpg")
        XCTAssertEqual(paris.capture?.local.exifString, "2019:07:14 10:30:00")
        XCTAssertEqual(paris.capture?.source, .dateTimeOriginal)
        XCTAssertEqual(paris.capture?.subsecond, "250")
        XCTAssertEqual(paris.capture?.offset, UTCOffset(seconds: 7200, source: .exifOffsetTag))
        XCTAssertEqual(paris.capture?.unixTime, 1_563_093_000)  // 2019-07-14T08:30:00Z
        XCTAssertEqual(paris.make, "Daybook")
        XCTAssertEqual(paris.model, "SampleCam One")
    }

    func testOffsetDerivedFromGPSTimeStamp() throws {
        let rio = try metadata("02-rio-2020-01.jpg")
        XCTAssertEqual(rio.capture?.local.exifString, "2020:01:05 08:15:30")
        XCTAssertEqual(rio.capture?.offset, UTCOffset(seconds: -3 * 3600, source: .gpsTimestamp))
        XCTAssertEqual(rio.capture?.offset?.formatted, "-03:00")
    }

    func testHalfHourOffsetTagWinsOverGPSAndAgrees() throws {
        let mumbai = try metadata("10-mumbai-2023-08.jpg")
        XCTAssertEqual(mumbai.capture?.offset, UTCOffset(seconds: 5 * 3600 + 1800, source: .exifOffsetTag))
        XCTAssertEqual(mumbai.capture?.offset?.formatted, "+05:30")
    }

    func testFloatingTimeStaysFloating() throws {
        for name in ["03-newyork-2021-03.jpg", "04-sydney-2021-12.jpg", "09-night-2023-02.jpg"] {
            let photo = try metadata(name)
            XCTAssertNotNil(photo.capture, name)
            XCTAssertNil(photo.capture?.offset, name)
            XCTAssertNil(photo.capture?.unixTime, name)
        }
    }

    func testGPSInAllFourHemispheres() throws {
        let expected: [(String, Double, Double, Double?)] = [
            ("01-paris-2019-07.jpg", 48.858370, 2.294481, 35),
            ("02-rio-2020-01.jpg", -22.951916, -43.210487, nil),
            ("03-newyork-2021-03.jpg", 40.689247, -74.044502, 93),
            ("04-sydney-2021-12.jpg", -33.856784, 151.215297, nil),
            ("07-deadsea-2022-06.jpg", 31.559029, 35.473190, -430),
            ("10-mumbai-2023-08.jpg", 19.076090, 72.877426, nil),
        ]
        for (name, latitude, longitude, altitude) in expected {
            let location = try XCTUnwrap(try metadata(name).location, name)
            XCTAssertEqual(location.latitude, latitude, accuracy: 1e-6, name)
            XCTAssertEqual(location.longitude, longitude, accuracy: 1e-6, name)
            if let altitude {
                XCTAssertEqual(try XCTUnwrap(location.altitude, name), altitude, accuracy: 1e-6, name)
            } else {
                XCTAssertNil(location.altitude, name)
            }
        }
        XCTAssertNil(try metadata("05-createdate-only-2018-05.jpg").location)
    }

    func testDateFallsBackToCreateDateThenModifyDate() throws {
        let created = try metadata("05-createdate-only-2018-05.jpg")
        XCTAssertEqual(created.capture?.local.exifString, "2018:05:01 12:00:00")
        XCTAssertEqual(created.capture?.source, .createDate)
        let modified = try metadata("06-modifydate-only-2017-09.jpg")
        XCTAssertEqual(modified.capture?.local.exifString, "2017:09:10 07:20:00")
        XCTAssertEqual(modified.capture?.source, .modifyDate)
    }

    func testOrientationsAndMissingOrientation() throws {
        let expected = [
            "01-paris-2019-07.jpg": 1, "02-rio-2020-01.jpg": 6, "03-newyork-2021-03.jpg": 3,
            "04-sydney-2021-12.jpg": 8, "06-modifydate-only-2017-09.jpg": 1, "08-no-exif.jpg": 1,
        ]
        for (name, orientation) in expected {
            XCTAssertEqual(try metadata(name).orientation.rawValue, orientation, name)
        }
    }

    func testPaddedMakeAndModelAreTrimmed() throws {
        let night = try metadata("09-night-2023-02.jpg")
        XCTAssertEqual(night.make, "Daybook")
        XCTAssertEqual(night.model, "SampleCam One")
        XCTAssertEqual(night.capture?.local.exifString, "2023:02:28 23:59:59")
    }

    func testNoExifMeansNothingInvented() throws {
        let plain = try metadata("08-no-exif.jpg")
        XCTAssertFalse(plain.hasExif)
        XCTAssertNil(plain.capture)
        XCTAssertNil(plain.location)
        XCTAssertNil(plain.make)
        XCTAssertEqual(plain.orientation.rawValue, 1)
    }
}
