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
}
