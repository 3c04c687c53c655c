import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

/// Inputs of the `xmp` fuzz target (Tests/Fixtures/fuzz/xmp, docs/fuzzing.md) go through
/// `XMPReader`: each must end, in time, in the date recorded for it below, or in one warning
/// and nothing read. CI also replays the folder under AddressSanitizer with
/// `daybook-fuzz --target=xmp`.
final class XMPFuzzRegressionTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("fuzz/xmp")

    /// The capture time each input gives (ISO local time), or nil for one refused whole. A new
    /// file needs a line here.
    static let expected: [String: String?] = [
        "billion-laughs.xmp": nil,
        "deep-nesting.xmp": nil,
        "embedded-attributes-packet.xmp": "2020-01-15T09:45:00",
        // Campaign 3's crash: `<?xpah?>` (FoundationXML passed the PI's NULL data to strlen).
        "empty-processing-instruction.xmp": nil,
        "external-entity.xmp": nil,
        "not-utf8.xmp": nil,
        "sidecar-corrected.xmp": "2019-07-15T08:00:00",
        "sidecar-dms-attributes.xmp": "2021-12-24T21:00:30",
        "sidecar-elements.xmp": "2022-06-10T18:05:00",
        "truncated.xmp": nil,
    ]

    func testEverySavedInputEndsInTimeWithItsRecordedOutcome() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
            .sorted()
        XCTAssertEqual(Set(names), Set(Self.expected.keys), "every saved input, and only those, has a recorded outcome")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let start = DispatchTime.now()
            let reading = XMPReader.read(bytes, origin: .sidecar)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            XCTAssertLessThan(seconds, 2, name)
            XCTAssertEqual(reading.capture?.local.iso8601, Self.expected[name] ?? nil, name)
            if reading.capture == nil {
                XCTAssertNil(reading.location, name)
                XCTAssertEqual(reading.warnings.count, 1, "\(name): \(reading.warnings)")
            } else {
                XCTAssertNotNil(reading.location, name)
                XCTAssertEqual(reading.warnings, [], name)
            }
            for warning in reading.warnings { XCTAssertFalse(warning.contains("\n"), "\(name): \(warning)") }
        }
    }
}
