import XCTest

@testable import DaybookWeb

/// How a `Range` header reads against a file's size (RFC 9110 §14.1.2), the hostile forms included.
final class ByteRangeTests: XCTestCase {
    func testEachFormAgainstAFileOfAThousandBytes() {
        let cases: [(String?, ByteRange)] = [
            (nil, .whole), ("bytes=0-0", .part(0...0)), ("bytes=0-999", .part(0...999)), ("bytes=500-", .part(500...999)),
            ("bytes=-1", .part(999...999)), ("bytes=-1000", .part(0...999)), ("bytes=-5000", .part(0...999)),
            ("bytes=990-5000", .part(990...999)), ("Bytes=3-4", .part(3...4)),
            ("bytes=1000-", .unsatisfiable), ("bytes=1000-1001", .unsatisfiable), ("bytes=-0", .unsatisfiable),
            // Ignored: the whole file.
            ("bytes=0-1,3-4", .whole), ("bytes=5-4", .whole), ("bytes=-", .whole), ("bytes=", .whole), ("bytes=a-b", .whole),
            ("bytes=+1-", .whole), ("bytes=-+1", .whole), ("bytes=1-2-3", .whole), ("pages=1-2", .whole), ("0-5", .whole),
            ("bytes=99999999999999999999999-", .whole), ("bytes=-99999999999999999999999", .whole),
            ("bytes=١-٢", .whole), ("bytes=0-" + String(repeating: "9", count: 300), .whole),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(ByteRange(header: header, size: 1000), expected, header ?? "no header")
        }
    }

    /// A last position past any file a number can name (more digits than an Int holds) is
    /// past this file's end too: clamped to it, as a smaller one is (RFC 9110 §14.1.2).
    func testALastPositionOfAnyLengthIsClampedToTheEnd() {
        let huge = "99999999999999999999"
        let cases: [(String, ByteRange)] = [
            ("bytes=0-\(huge)", .part(0...999)), ("bytes=10-\(huge)\(huge)", .part(10...999)),
            ("bytes=0-9223372036854775807", .part(0...999)), ("bytes=999-00000000000000000000999", .part(999...999)),
            ("bytes=1000-\(huge)", .unsatisfiable), ("bytes=0-\(huge)x", .whole),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(ByteRange(header: header, size: 1000), expected, header)
        }
    }

    func testAnEmptyFileHasNoSatisfiableRange() {
        XCTAssertEqual(ByteRange(header: "bytes=0-", size: 0), .unsatisfiable)
        XCTAssertEqual(ByteRange(header: "bytes=-10", size: 0), .unsatisfiable)
        XCTAssertEqual(ByteRange(header: nil, size: 0), .whole)
    }
}
