import DaybookCore
import XCTest

final class TerminalTextTests: XCTestCase {
    func testControlsAndBidiAreEscapedAndTheRestKept() {
        XCTAssertEqual(TerminalText.escaped("\u{1B}]0;T\u{07}\r\n\t\u{0}\u{7F}"), "\\e]0;T\\a\\r\\n\\t\\x00\\x7F")
        XCTAssertEqual(TerminalText.escaped("\u{9B}31m \u{85}"), "\\u{9B}31m \\u{85}", "C1: a one-byte CSI and NEL")
        XCTAssertEqual(
            TerminalText.escaped("a\u{202E}b\u{2066}c\u{200F}d\u{061C}e\u{2028}"), "a\\u{202E}b\\u{2066}c\\u{200F}d\\u{61C}e\\u{2028}")
        let kept = "Île-de-France 東京 😀 C:\\path ü"
        XCTAssertEqual(TerminalText.escaped(kept), kept)
        XCTAssertTrue(TerminalText.isPlain(kept))
        XCTAssertEqual(TerminalText.escaped(TerminalText.escaped("\u{1B}\n")), "\\e\\n", "escaping twice changes nothing more")
    }

    func testInterpolationKeepsTheLiteralAndEscapesTheValues() {
        let name = "x\ny"
        let line: TerminalText = "skipped \(name):\t\(3)"
        XCTAssertEqual(line.description, "skipped x\\ny:\t3")
        let missing: String? = nil
        let fallback: TerminalText = "\(missing, default: "none\u{7}")"
        XCTAssertEqual(fallback.description, "none\\a")
    }

    /// The scalars the type's documentation names, and no other, are escaped: every scalar of
    /// the first three planes' start, between other non-ASCII text (whose bytes alone do not
    /// tell, so the check looks closer) and in a Substring.
    func testExactlyTheDocumentedScalarsAreEscaped() {
        let documented: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200E...0x200F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069,
        ]
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "é\(Character(scalar))€"
            let isDocumented = documented.contains { $0.contains(value) }
            XCTAssertEqual(TerminalText.isPlain(text), !isDocumented, "U+\(String(value, radix: 16))")
            XCTAssertEqual(TerminalText.isPlain(text.dropFirst()), !isDocumented, "U+\(String(value, radix: 16)) in a Substring")
            XCTAssertEqual(TerminalText.escaped(text) == text, !isDocumented, "U+\(String(value, radix: 16))")
        }
        XCTAssertTrue(TerminalText.isPlain("\u{1F600}\u{E000}\u{FFFD}"))
    }
}
