import DaybookStore
import XCTest

/// Which words a search can look for: the test the CLI's and the web's note rest on.
final class NothingToFindTests: XCTestCase {
    func testOnlyWordsWithoutLettersOrDigitsHaveNothingToFind() {
        for words in ["*", "\"", "(", "#", "* # (", "🏖️", "—"] {
            XCTAssertTrue(JournalQuery(text: words).hasNothingToFind, words)
        }
        for words in ["#2", "café", "京都", "l’été"] {
            XCTAssertFalse(JournalQuery(text: words).hasNothingToFind, words)
        }
        XCTAssertFalse(JournalQuery(text: "  ").hasNothingToFind, "spaces are no words at all")
        XCTAssertFalse(JournalQuery().hasNothingToFind)
    }
}
