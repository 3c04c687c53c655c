import DaybookStore
import XCTest

/// What typed words find, split as GRDB's `FTS5Pattern` splits them: punctuation and symbols
/// between words, apostrophes, hyphens, non-Latin scripts, and text that is no word at all.
extension JournalQueryTests {
    func testPunctuationScriptsAndSymbolsInTheWords() throws {
        try add("aaaa0001", "2019:07:14 10:30:00", tags: ["summer-trip"], text: "Quatorze juillet : café crème, défilé — 巴黎 🇫🇷")
        try add("aaaa0002", "2019:07:15 10:30:00", text: "l’été au co-op, e-mail à Zoë")
        XCTAssertEqual(try ids(JournalQuery(text: "defile — 巴黎")), ["aaaa0001"], "a dash between words is no word")
        XCTAssertEqual(try ids(JournalQuery(text: "CRÈME, café")), ["aaaa0001"])
        XCTAssertEqual(try ids(JournalQuery(text: "l’été")), ["aaaa0002"], "an apostrophe inside a word")
        XCTAssertEqual(try ids(JournalQuery(text: "co-op e-mail zoe")), ["aaaa0002"], "hyphenated words")
        XCTAssertEqual(try ids(JournalQuery(text: "juil", tags: ["summer-trip"])), ["aaaa0001"], "words and a tag together")
        XCTAssertEqual(try ids(JournalQuery(text: "summer trip")), ["aaaa0001"], "a tag's words are words")
        XCTAssertEqual(try ids(JournalQuery(text: "🇫🇷")), [], "a flag is no word: it finds nothing rather than everything")
        XCTAssertEqual(try ids(JournalQuery(text: "NOT café OR")), [], "operators are words: no entry has \"not\" or \"or\"")
    }
}
