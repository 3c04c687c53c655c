import XCTest

@testable import DaybookWeb

/// A tile's excerpt is the first line that is not empty, cut at 140 characters: what
/// splitting the whole text at "\n" gave, found without splitting it.
final class ExcerptTests: XCTestCase {
    func testTheExcerptIsTheFirstNonEmptyLineCutAt140Characters() {
        func split(_ text: String) -> String? {
            guard let line = text.split(separator: "\n").first else { return nil }
            return line.count > 140 ? String(line.prefix(139)) + "…" : String(line)
        }
        let long = String(repeating: "é", count: 139)
        let texts = [
            "", "\n", "\n\n\n", "one", "one\ntwo", "\n\nthird line first\nfourth", "crlf\r\nstays one line", "\r\n\nx",
            long, long + "x", long + "xy", long + "xy\nnext", String(repeating: "a", count: 500), "e\u{301}\u{301}\nx",
            "👩‍👩‍👧 family\n", "\n" + long + "e\u{301}z", " \n", "\u{338}\n",
        ]
        for text in texts { XCTAssertEqual(EntryText.excerpt(text), split(text), text.debugDescription) }
        XCTAssertEqual(EntryText.excerpt("\n\nHello\nworld"), "Hello")
        XCTAssertEqual(EntryText.excerpt(long + "xy"), long + "…")
    }

    /// The whole-text shortcut for one short line gives what walking the Characters gives,
    /// on texts of every length around the limit, of one to four bytes a character, with
    /// "\r\n", combining marks and joined emoji.
    func testTheShortLineShortcutAgreesWithTheCharacterWalk() {
        let pieces = ["a", " ", "é", "e\u{301}", "\u{301}", "日", "👩‍👩‍👧", "\r", "\n", "\r\n", "<", "\u{338}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...160, using: &generator)
            let newlines = Bool.random(using: &generator)
            let text = (0..<count).map { _ in
                let piece = pieces.randomElement(using: &generator)!
                return !newlines && piece.contains("\n") ? "x" : piece
            }.joined()
            XCTAssertEqual(EntryText.excerpt(text), EntryText.excerptByCharacters(text), text.debugDescription)
        }
    }
}
