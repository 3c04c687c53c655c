import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// The entry page's text form against the real router: a save over a text changed since the
/// page was loaded is refused with both texts (409); a change of tags meanwhile is no
/// conflict; long texts are saved up to the journal's own limit, and past it refused (413).
final class EditConflictRouteTests: XCTestCase {
    /// `JournalEntry.maximumTextBytes`, written out: what import has always allowed.
    static let textLimit = 1 << 20

    /// The fields a page carries back: the CSRF token and the text's version.
    struct PageForm {
        let csrf: String
        let version: String

        init(_ html: String) throws {
            csrf = try XCTUnwrap(html.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) }, "token")
            version = try XCTUnwrap(html.firstMatch(of: /name="version" value="([0-9a-f]{16})"/).map { String($0.output.1) }, "version")
        }
    }

    static func page(_ client: some TestClientProtocol, _ entry: JournalEntry) async throws -> String {
        try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
    }

    static func saveText(_ client: some TestClientProtocol, _ entry: JournalEntry, _ text: String, _ form: PageForm) async throws
        -> TestResponse
    {
        try await client.execute(
            uri: "/entries/\(entry.id)/text", method: .post, headers: formHeaders,
            body: strictFormBody([("csrf", form.csrf), ("version", form.version), ("text", text)]))
    }

    func testAStaleSaveIsRefusedWithBothTextsEscapedAndCanBeSavedAgain() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        try await fixture.application().test(.router) { client in
            let loaded = try PageForm(try await Self.page(client, entry))
            // `daybook edit ID --text X` from another process while the page is open.
            try JournalStore(library: fixture.store.library).edit(entryID: entry.id, text: "Written <elsewhere> & kept")
            let refused = try await Self.saveText(client, entry, "Mine: <script>x</script>", loaded)
            XCTAssertEqual(refused.status, .conflict)
            XCTAssertTrue(refused.text.contains(">Written &lt;elsewhere&gt; &amp; kept</textarea>"), refused.text)
            XCTAssertTrue(refused.text.contains(">Mine: &lt;script&gt;x&lt;/script&gt;</textarea>"), refused.text)
            XCTAssertFalse(refused.text.contains("<script>x"))
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Written <elsewhere> & kept", "nothing was lost")

            // The refusal's own form carries the journal's version now: saving it goes through.
            let again = try PageForm(refused.text)
            XCTAssertNotEqual(again.version, loaded.version)
            let saved = try await Self.saveText(client, entry, "Mine: <script>x</script>", again)
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Mine: <script>x</script>")
        }
    }

    /// Two tabs loaded together, both saved within the same second: `updated_at` would not
    /// tell the second save it is stale; the text's version does.
    func testTwoSavesFromOnePageInTheSameSecondConflict() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        try await fixture.application().test(.router) { client in
            let tab = try PageForm(try await Self.page(client, entry))
            let first = try await Self.saveText(client, entry, "From the first tab", tab)
            XCTAssertEqual(first.status, .seeOther)
            let second = try await Self.saveText(client, entry, "From the second tab", tab)
            XCTAssertEqual(second.status, .conflict)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "From the first tab")
            // The same words from both is no conflict.
            let same = try await Self.saveText(client, entry, "From the first tab", tab)
            XCTAssertEqual(same.status, .seeOther)
        }
    }

    func testTagsChangedMeanwhileDoNotBlockATextSave() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        try await fixture.application().test(.router) { client in
            let loaded = try PageForm(try await Self.page(client, entry))
            try JournalStore(library: fixture.store.library).editTags(entryID: entry.id, add: ["harbour"], remove: [])
            try await client.execute(
                uri: "/entries/\(entry.id)/tags", method: .post, headers: formHeaders,
                body: formBody([("csrf", loaded.csrf), ("add", "evening")])
            ) { XCTAssertEqual($0.status, .seeOther) }
            let saved = try await Self.saveText(client, entry, "Text after the tags", loaded)
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Text after the tags")
            let tags = try fixture.store.tags(entryID: entry.id).map(\.name)
            XCTAssertTrue(tags.contains("harbour") && tags.contains("evening"), "\(tags)")
        }
    }

    /// 8,400 Japanese characters in lines, 9 bytes each once encoded (%XX%XX%XX) and CRLF as
    /// a browser sends it: about 80 KB, past the small forms' 64 KB limit (`smallFormLimit`).
    func testALongJapaneseTextIsSaved() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let line = String(repeating: "今日は京都の古い寺を歩いた。", count: 3)  // 42 characters
        let text = Array(repeating: line, count: 200).joined(separator: "\n")
        XCTAssertEqual(text.count - 199, 8_400)
        try await fixture.application().test(.router) { client in
            let loaded = try PageForm(try await Self.page(client, entry))
            let body = strictFormBody([
                ("csrf", loaded.csrf), ("version", loaded.version), ("text", text.replacingOccurrences(of: "\n", with: "\r\n")),
            ])
            XCTAssertGreaterThan(body.readableBytes, 75_000)
            let saved = try await client.execute(uri: "/entries/\(entry.id)/text", method: .post, headers: formHeaders, body: body)
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, text)
            // And the page shows it in the form again, to be edited in the browser once more.
            let shown = try PageForm(try await Self.page(client, entry))
            XCTAssertNotEqual(shown.version, loaded.version)
        }
    }

    func testATextOverTheLimitIsRefusedWithThePageSayingTheLimit() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        try await fixture.application().test(.router) { client in
            let loaded = try PageForm(try await Self.page(client, entry))
            // Over the text limit, under the form's.
            let long = String(repeating: "a", count: Self.textLimit + 1)
            let refused = try await Self.saveText(client, entry, long, loaded)
            XCTAssertEqual(refused.status, .contentTooLarge)
            XCTAssertTrue(refused.headers[.contentType]?.hasPrefix("text/html") == true)
            XCTAssertTrue(refused.text.contains("limit of 1048576 bytes (1 MiB)"), refused.text)
            // Over the form's limit too: the same page.
            let huge = String(repeating: "\n", count: Self.textLimit + 200_000)
            let tooBig = try await Self.saveText(client, entry, huge.replacingOccurrences(of: "\n", with: "\r\n"), loaded)
            XCTAssertEqual(tooBig.status, .contentTooLarge)
            XCTAssertTrue(tooBig.text.contains("limit of 1048576 bytes (1 MiB)"))
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, entry.text, "nothing was saved")
            // Exactly at the limit is saved.
            let most = String(repeating: "é", count: Self.textLimit / 2)
            let saved = try await Self.saveText(client, entry, most, loaded)
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text.utf8.count, Self.textLimit)
        }
    }

    func testSymbolOnlySearchesMatchNothingAndTooManyTagsAreRefused() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            for words in ["*", "\"", "(", "#"] {
                let query = strictFormBody([("q", words)])
                try await client.execute(uri: "/search?\(String(buffer: query))", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    XCTAssertEqual(response.text.matches(of: /<li class="tile"/).count, 0, words)
                    XCTAssertTrue(response.text.contains("No entries match: the words have no letters or digits to search for."), words)
                }
                try await client.execute(uri: "/api/entries?\(String(buffer: query))", method: .get) { response in
                    XCTAssertEqual(((try response.json() as? [String: Any])?["entries"] as? [Any])?.count, 0, words)
                }
            }
            let tags = (0..<999).map { "tag=t\($0)" }.joined(separator: "&")
            try await client.execute(uri: "/search?\(tags)", method: .get) { response in
                XCTAssertEqual(response.status, .badRequest)
                XCTAssertTrue(response.text.contains("tag: a search may name at most 32 tags (this one names 999)"))
                XCTAssertLessThan(response.body.readableBytes, 20_000, "the page, not the SQL")
            }
        }
    }
}

/// A form body with everything but ASCII letters and digits percent-encoded, as browsers
/// encode non-ASCII text (`formBody` leaves non-ASCII letters as they are).
func strictFormBody(_ fields: [(String, String)]) -> ByteBuffer {
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")
    return ByteBuffer(
        string: fields.map { name, value in "\(name)=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }
            .joined(separator: "&"))
}
