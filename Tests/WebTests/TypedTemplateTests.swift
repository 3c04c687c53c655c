import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Mustache
import XCTest

@testable import DaybookWeb

/// The typed renderer (`TypedTemplate`) gives the bytes swift-mustache gives for the same
/// template and model: the timeline, its tiles and entry pages on real entries (with hostile
/// values, a place on a map, tags and a RAW's file link where the fixture has them), and
/// small templates that try the whitespace rules one by one. So the two cannot drift apart
/// when a template changes.
final class TypedTemplateTests: XCTestCase {
    func testTimelineTilesAndEntryPagesAreSwiftMustachesBytesOnRealEntries() throws {
        let fixture = try WebFixture.hostileParis()
        let entries = try fixture.store.entries()
        XCTAssertGreaterThan(entries.count, 5)
        let read = TileEntries(entries: entries, annotations: try fixture.store.annotations(for: entries.map(\.id)))
        for links in [SiteLinks.server, .staticFiles(depth: 1)] {
            for entry in entries {
                let tile = EntryTile(entry: entry, annotations: read.annotations[entry.id], links: links, distanceKm: 12.5)
                let typed = TemplateLibrary.typedTile.render(tile)
                XCTAssertEqual(typed, TemplateLibrary.shared.render(tile, withTemplate: "tile"), entry.sourcePath)
                XCTAssertTrue(typed.hasPrefix("<li class=\"tile\" data-id=\"\(entry.id)\">"), typed)
            }
            let pages = JournalPages(links: links, csrf: "token-<&>")
            let models = [
                pages.timelineModel(read, newer: nil, older: (href: "/?before=abc", cursor: "abc"), month: "2019-07"),
                pages.timelineModel(read, newer: "/", older: nil),
                pages.timelineModel(TileEntries(entries: [], annotations: [:]), newer: "/", older: nil),
            ]
            for model in models {
                let typed = TemplateLibrary.typedTimeline.render(model)
                XCTAssertEqual(typed, TemplateLibrary.shared.render(model, withTemplate: "timeline"))
                XCTAssertTrue(typed.hasPrefix("<!DOCTYPE html>\n"), typed)
            }
            for entry in entries {
                let read = try fixture.store.readNow { try $0.entryPage(entry) }
                for hasPreview in [true, false] {
                    let model = pages.entryModel(read, hasPreview: hasPreview)
                    XCTAssertEqual(
                        TemplateLibrary.typedEntry.render(model), TemplateLibrary.shared.render(model, withTemplate: "entry"),
                        entry.sourcePath)
                }
            }
            let page = TemplateLibrary.typedTimeline.render(models[0])
            XCTAssertTrue(page.contains("Paris&quot;\u{338} onerror=alert(1)"), "the place, escaped")
            XCTAssertTrue(page.contains("<li class=\"tag user\">mine</li>"), page)
            XCTAssertTrue(page.contains("content=\"token-&lt;&amp;&gt;\""), "the CSRF token, escaped")
        }
    }

    /// Search, on this day and tags, rendered typed since the million-entry benchmarks
    /// (scripts/web_pages_bench.sh), give swift-mustache's bytes: with results and without,
    /// with a problem and a note, paged and whole, and hostile text in every field shown.
    func testSearchOnThisDayAndTagsPagesAreSwiftMustachesBytes() throws {
        let fixture = try WebFixture.hostileParis()
        let entries = try fixture.store.entries()
        let annotations = try fixture.store.annotations(for: entries.map(\.id))
        let read = TileEntries(entries: entries, annotations: annotations)
        let hostile = "a&b=c <script>\"x\"</script> é"
        let form = SearchForm(
            FormFields(pairs: [("q", hostile), ("tag", "blue \(hostile)"), ("from", "2019-01-01"), ("to", hostile), ("radius", hostile)]))
        let near = SearchForm(FormFields(pairs: [("near", hostile), ("radius", "10km")]))
        let results = entries.map { SearchResult(entry: $0, distanceKm: nil) }
        let nearest = entries.enumerated().map { SearchResult(entry: $1, distanceKm: Double($0) * 1.25) }
        let day = try XCTUnwrap(MonthDay(month: 7, day: 14))
        let counts = [
            TagCount(name: HostileValues.tag, entries: 3, auto: 2, user: 1), TagCount(name: "mine", entries: 1, auto: 0, user: 1),
        ]
        for links in [SiteLinks.server, .staticFiles(depth: 1)] {
            let pages = JournalPages(links: links, csrf: "token-<&>")
            let searches = [
                pages.searchModel(
                    form, results: results, annotations: annotations, problem: nil, note: hostile, older: "/search?before=a&q=b"),
                pages.searchModel(form, results: results, annotations: annotations, problem: nil, continued: true),
                pages.searchModel(near, results: nearest, annotations: annotations, problem: nil, note: "Paris, France"),
                pages.searchModel(form, results: [], problem: nil),
                pages.searchModel(form, results: nil, problem: hostile),
                pages.searchModel(SearchForm(FormFields(nil)), results: nil, problem: nil),
            ]
            for model in searches {
                let typed = TemplateLibrary.typedSearch.render(model)
                XCTAssertEqual(typed, TemplateLibrary.shared.render(model, withTemplate: "search"))
                XCTAssertFalse(typed.contains("<script>\"x\""), "the fields, escaped")
            }
            XCTAssertTrue(TemplateLibrary.typedSearch.render(searches[0]).contains("<li class=\"tag user\">mine</li>"))
            let days = [
                pages.onThisDayModel(
                    read, day: day, thisYear: 2026, pages: OnThisDayPaging(total: 1234, newest: nil, more: "/on-this-day?a&b")),
                pages.onThisDayModel(read, day: day, thisYear: 2026, pages: OnThisDayPaging(total: 1, newest: "/on-this-day", more: nil)),
                pages.onThisDayModel(read, day: day, thisYear: 2026),
                pages.onThisDayModel(TileEntries(entries: [], annotations: [:]), day: day, thisYear: 2026),
            ]
            for model in days {
                XCTAssertEqual(
                    TemplateLibrary.typedOnThisDay.render(model), TemplateLibrary.shared.render(model, withTemplate: "onThisDay"))
            }
            XCTAssertTrue(TemplateLibrary.typedOnThisDay.render(days[0]).contains("1234 entries"))
            for model in [pages.tagsModel(counts), pages.tagsModel([])] {
                let typed = TemplateLibrary.typedTags.render(model)
                XCTAssertEqual(typed, TemplateLibrary.shared.render(model, withTemplate: "tags"))
                XCTAssertFalse(typed.contains(HostileValues.tag), "the tag's name, escaped")
            }
        }
    }

    /// Standalone tags (their line goes whole), tags within text, comments, inverted and
    /// dotted names, lists of text and of models, numbers and flags.
    func testWhitespaceAndLookupsFollowSwiftMustache() throws {
        _ = TemplateLibrary.shared  // registers HTMLText for the pragma
        let templates = [
            "{{#items}}\n<li>{{name}}</li>\n{{/items}}\n",
            "  {{#items}}  \n  <li>{{name}}{{#isUser}} user{{/isUser}}</li>\n  {{/items}}  \nend",
            "a {{#flag}}b{{/flag}} c\n{{^flag}}\nnot\n{{/flag}}\n{{^empty}}none{{/empty}}",
            "{{! a comment\n  over two lines }}\nx {{! inline }} y\n   {{! indented }}\nz",
            "{{#child}}{{child.name}}/{{name}}/{{title}}{{/child}} {{child.search}}",
            "{{#words}}[{{.}}]{{/words}}{{#title}}<{{.}}>{{/title}}{{#missing}}never{{/missing}} {{number}} {{flag}}",
            "{{{title}}} {{&title}} {{title}}\n\n\n{{#flag}}\n{{/flag}}",
            "\t{{^missing}}\t\nindented\n\t{{/missing}}\n{{#flag}} x {{/flag}}{{#items}}{{/items}}",
        ]
        let model = Sample(
            title: "<T&'\">", flag: true, number: 42, words: ["one", "<two>"],
            items: [TagView(name: "a<b", isUser: true, search: nil), TagView(name: "c", isUser: false, search: "/s")],
            child: TagView(name: "kid", isUser: false, search: "/kid"))
        for text in templates {
            let template = TemplateLibrary.escapedByHTMLText(text)
            let typed = try TypedTemplate(parsing: template) { _ in nil }.render(model)
            XCTAssertEqual(typed, try MustacheTemplate(string: template).render(model), text)
        }
    }

    func testATemplateItCannotReadIsAnErrorNotAGuess() {
        for text in ["{{#open}}never closed", "{{/closed}}", "{{=<% %>=}}", "{{> nowhere}}", "{{unfinished", "  {{> indented}}"] {
            XCTAssertThrowsError(try TypedTemplate(parsing: text) { $0 == "indented" ? "x" : nil }, text)
        }
    }
}

private struct Sample: TemplateModel {
    let title: String
    let flag: Bool
    let number: Int
    let words: [String]
    let items: [TagView]
    let child: TagView
    let empty: [TagView] = []

    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "title": .init(title)
        case "flag": .init(flag)
        case "number": .init(number)
        case "words": .init(words)
        case "items": .init(items)
        case "child": .init(child)
        case "empty": .init(empty)
        default: .missing
        }
    }
}
