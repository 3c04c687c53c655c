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
}
