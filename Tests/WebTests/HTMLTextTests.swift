import NIOCore
import XCTest

@testable import DaybookWeb

/// The escaper's quick test for a byte to escape names exactly the bytes that have an entity.
final class HTMLTextTests: XCTestCase {
    func testTheQuickTestIsTheEntitiesBytes() {
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(HTMLText.isSpecial(byte), HTMLText.entity(byte) != nil, "byte \(byte)")
        }
        XCTAssertEqual((UInt8.min...UInt8.max).filter(HTMLText.isSpecial).count, 5)
    }

    /// Written into a buffer, every text is what `escape` gives: runs of plain bytes, entities
    /// at the start, the end, side by side, and in text of several bytes a character.
    func testWrittenTextIsTheEscapedText() {
        let pieces = ["a", "<", ">", "&", "\"", "'", "é", "👩‍👩‍👧", "\u{338}", "?", "=", "@", "\n"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var output = ByteBuffer()
            HTMLText.write(text, into: &output)
            var expected: [UInt8] = []
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "<"): expected += Array("&lt;".utf8)
                case UInt8(ascii: ">"): expected += Array("&gt;".utf8)
                case UInt8(ascii: "&"): expected += Array("&amp;".utf8)
                case UInt8(ascii: "\""): expected += Array("&quot;".utf8)
                case UInt8(ascii: "'"): expected += Array("&#39;".utf8)
                default: expected.append(byte)
                }
            }
            XCTAssertEqual(output.readableBytesView.map { $0 }, expected, text.debugDescription)
            XCTAssertEqual(String(buffer: output), HTMLText.escape(text), text.debugDescription)
        }
    }
}
