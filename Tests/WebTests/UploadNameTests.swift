import XCTest

@testable import DaybookWeb

/// The hostile parts of an upload's request, judged without a server: the name it asks for
/// and the size `--max-upload` reads.
final class UploadNameTests: XCTestCase {
    func testASentNameBecomesASafeBaseNameWithTheExtensionOfItsBytes() {
        let cases: [(sent: String?, kind: String, kept: String)] = [
            ("IMG_0001.HEIC", "heic", "IMG_0001.HEIC"),
            ("Paris%20cat.jpeg", "jpg", "Paris cat.jpeg"),
            // A HEIC named .jpg is kept as what it is.
            ("holiday.jpg", "heic", "holiday.heic"),
            ("..%2F..%2F.ssh%2Fauthorized_keys", "jpg", "authorized_keys.jpg"),
            ("C:%5CUsers%5Cme%5Cphoto.png", "png", "photo.png"),
            (".hidden.jpg", "jpg", "hidden.jpg"),
            ("a%00b%0Ac%3Cscript%3E.gif", "gif", "a_b_c_script_.gif"),
            ("..", "jpg", "upload.jpg"),
            ("", "webp", "upload.webp"),
            (nil, "mp4", "upload.mp4"),
            ("clip.MOV", "mp4", "clip.MOV"),
            ("%E", "jpg", "upload.jpg"),
        ]
        for (sent, kind, kept) in cases {
            XCTAssertEqual(SafeFileName(sent: sent, kindExtension: kind).name(), kept, "\(sent ?? "nil")")
        }
        let long = SafeFileName(sent: String(repeating: "é", count: 400) + ".jpg", kindExtension: "jpg")
        XCTAssertLessThanOrEqual(long.stem.utf8.count, SafeFileName.longest)
        XCTAssertEqual(SafeFileName(sent: "IMG_1.jpg", kindExtension: "jpg").name(attempt: 3), "IMG_1 3.jpg")
    }

    func testMaxUploadReadsDecimalSizes() {
        XCTAssertEqual(UploadLimits.parseSize("800M"), 800_000_000)
        XCTAssertEqual(UploadLimits.parseSize("2G"), 2_000_000_000)
        XCTAssertEqual(UploadLimits.parseSize("750MB"), 750_000_000)
        XCTAssertEqual(UploadLimits.parseSize("1000000"), 1_000_000)
        XCTAssertEqual(UploadLimits.parseSize("64k"), 64_000)
        for bad in ["", "M", "-5M", "12X", "1.5G", "999", "99999999999999999999G"] {
            XCTAssertNil(UploadLimits.parseSize(bad), bad)
        }
        XCTAssertEqual(UploadLimits.describe(UploadLimits.defaultMaxBytes), "500 MB")
    }
}
