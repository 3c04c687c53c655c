import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest

@testable import DaybookWeb

/// Every outside value a page shows (a place name, a tag, a camera's Make, an entry's text, a
/// search) comes out as text, in the timeline, the entry page and the search page, whatever
/// characters it carries; and the templates' escaper (`HTMLText`) makes the five entities.
final class HostileValuesPageTests: XCTestCase {
    func testHostilePlaceTagMakeAndTextAreTextOnTimelineEntryAndSearchPages() async throws {
        let fixture = try WebFixture()
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        let hostile = try fixture.hostileEntry
        _ = try fixture.store.updatePlaces(version: "hostile", limit: 1000) { entry in
            if entry.id == paris.id { entry.place?.name = HostileValues.place }
        }
        try fixture.store.replaceAutoTags(entryID: paris.id, with: [AutoTag(name: HostileValues.tag, score: 0.9)], taggerVersion: 1)
        try fixture.store.edit(entryID: paris.id, text: HostileValues.text)
        let query = "paris \"\u{338} autofocus onfocus=alert(5) x="
        let search = "/search?q=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await fixture.application().test(.router) { client in
            for uri in ["/", "/entries/\(paris.id)", "/entries/\(hostile.id)", "/search?q=paris", search] {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .ok, uri)
                    let html = response.text
                    XCTAssertNil(html.firstMatch(of: /<script(?![^>]*\bsrc=")/), "\(uri): no inline script")
                    XCTAssertNil(html.firstMatch(of: /<b>/), "\(uri): no markup from a tag")
                    // Within quotes "onerror=" is text; outside them, an attribute. A browser reads
                    // scalars, not Characters: a quote a combining mark follows is still a quote.
                    let tags = html.matches(of: /<[a-z][^>]*>/.matchingSemantics(.unicodeScalar)).map { String($0.output) }
                    for tag in tags {
                        let unquoted = tag.replacing(/="[^"]*"/.matchingSemantics(.unicodeScalar), with: "=\"\"")
                        let attribute = unquoted.firstMatch(of: /\s(on[a-z]+|autofocus|x)[=\s>]/).map { String($0.output.0) }
                        XCTAssertNil(attribute, "\(uri): a value left its attribute: \(tag)")
                    }
                }
            }
            let place = "Paris&quot;\u{338} onerror=alert(1) x=&quot;&lt;script&gt;alert(2)&lt;/script&gt;&amp;&#39;"
            try await client.execute(uri: "/", method: .get) { response in
                XCTAssertTrue(response.text.contains("<div class=\"place\">\(place), France</div>"), "the place, shown as text")
                XCTAssertTrue(
                    response.text.contains("alt=\"Photo of Sunday 14 July 2019 at \(place), France\""), "the place, in the alt text")
                XCTAssertTrue(response.text.contains("&lt;b&gt;tag&lt;/b&gt;&quot;\u{301}&#39;&amp;"), "the tag, shown as text")
                XCTAssertTrue(response.text.contains("&lt;/p&gt;&lt;script&gt;alert(3)&lt;/script&gt; &#39;\u{301} onclick=alert(4)"))
            }
            try await client.execute(uri: "/entries/\(hostile.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains("&lt;img src=x onerror=alert(1)&gt;"), "the Make, shown as text")
            }
            try await client.execute(uri: search, method: .get) { response in
                XCTAssertTrue(response.text.contains("value=\"paris &quot;\u{338} autofocus onfocus=alert(5) x=\""), "the query")
            }
        }
    }

    /// Byte by byte, the five entities for every ASCII character and nothing else changed, in
    /// text of other scripts too; a quote or bracket joined by a combining mark is escaped all
    /// the same.
    func testHTMLTextEscapesTheFiveByBytes() throws {
        let entities: [Character: String] = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;"]
        for byte in UInt8(0)..<128 {
            let character = Character(UnicodeScalar(byte))
            XCTAssertEqual(HTMLText.escape(String(character)), entities[character] ?? String(character), "byte \(byte)")
        }
        let samples = [
            ("", ""), ("plain", "plain"), ("Zürich & Genève", "Zürich &amp; Genève"), ("京都 <東山>", "京都 &lt;東山&gt;"),
            ("emoji 👩‍👩‍👧 \"q\" 'a'", "emoji 👩‍👩‍👧 &quot;q&quot; &#39;a&#39;"), ("a<b>c&d\"e'f", "a&lt;b&gt;c&amp;d&quot;e&#39;f"),
            (String(repeating: "<&>", count: 500), String(repeating: "&lt;&amp;&gt;", count: 500)),
            ("e\u{301}<\u{1F600}>", "e\u{301}&lt;\u{1F600}&gt;"), ("x\"\u{338}y", "x&quot;\u{338}y"),
            ("'\u{301}<\u{338}", "&#39;\u{301}&lt;\u{338}"),
        ]
        for (sample, escaped) in samples {
            XCTAssertEqual(HTMLText.escape(sample), escaped, sample.debugDescription)
            var output = ByteBuffer()
            HTMLText.write(sample, into: &output)
            XCTAssertEqual(String(buffer: output), escaped, sample.debugDescription)
        }
    }
}
