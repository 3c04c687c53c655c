import DaybookEmbedded
import Mustache
import NIOCore

/// The compiled templates, by name: every `mustache/NAME.mustache` in this folder, as the
/// binary carries it (docs/embedded-files.md), so nothing is read from disk at run time.
///
/// The partials: `head` and `foot`, the frame every page shares (no inline script or style:
/// the Content-Security-Policy forbids them, so scripts and styles are files under static/);
/// `tiles`, a grid of entry tiles, each `tile` as `TileWriter` writes it;
/// `sections`, tiles under month headings; `fact`, one row of
/// an entry's facts, each value labelled with the `--json` fields it shows. Each page is the
/// `Page` of the same name; `latest` is small on purpose (a widget or a browser side panel).
enum TemplateLibrary {
    enum Page: String, CaseIterable, Sendable {
        case timeline, search, onThisDay, latest, tags, message, entry, confirmDelete, map, editConflict
    }

    static let folder = "Sources/DaybookWeb/Templates/mustache"
    static let partials = ["head", "foot", "tiles", "sections", "fact"]
    static let tile = "tile"

    /// Each template's text by name, as the binary carries it.
    static let texts: [String: String] = {
        var texts: [String: String] = [:]
        for file in EmbeddedFiles.web.files(in: folder) where file.name.hasSuffix(".mustache") {
            texts[String(file.name.dropLast(".mustache".count))] = file.text
        }
        return texts
    }()

    static let shared: MustacheLibrary = {
        MustacheContentTypes.register(HTMLText(), named: HTMLText.contentTypeName)
        var library = MustacheLibrary()
        for (name, text) in texts {
            // The templates are files of this module: one that does not parse is a bug, caught
            // by every test that renders a page.
            do { try library.register(escapedByHTMLText(text), named: name) } catch {
                preconditionFailure("template \(folder)/\(name).mustache: \(error)")
            }
        }
        for name in partials + [tile] + Page.allCases.map(\.rawValue) where library.getTemplate(named: name) == nil {
            preconditionFailure("no template \(folder)/\(name).mustache in this binary (Sources/CEmbeddedWeb/files.c)")
        }
        return library
    }()

    /// swift-mustache starts every template, partials too, with its own HTML escaper; the
    /// pragma, put in front here so that no template can go without it, swaps in `HTMLText`.
    /// A line of its own, which the parser drops whole, so the first line of the file (a
    /// `{{> head}}` say) keeps standing alone.
    static func escapedByHTMLText(_ template: String) -> String {
        "{{% CONTENT_TYPE: \(HTMLText.contentTypeName) }}\n" + template
    }

    static func render(_ page: Page, _ model: Any) -> String {
        shared.render(model, withTemplate: page.rawValue) ?? ""
    }

    /// One tile's `<li>` from tile.mustache, what `TileWriter` writes.
    static func render(_ tile: EntryTile) -> String {
        typedTile.render(tile, capacity: 1024)
    }

    /// The pages the typed renderer draws (`TypedTemplate`): the timeline and the entry page,
    /// the two a journal is mostly read by, and the list pages below.
    static func render(_ page: TimelinePage) -> String {
        typedTimeline.render(page, capacity: 64 * 1024)
    }

    /// The pages of tiles as a response's body.
    static func body(_ page: TimelinePage) -> ByteBuffer { typedTimeline.body(page, capacity: 64 * 1024) }

    static func body(_ page: SearchPage) -> ByteBuffer { typedSearch.body(page, capacity: 64 * 1024) }

    static func body(_ page: OnThisDayPage) -> ByteBuffer { typedOnThisDay.body(page, capacity: 64 * 1024) }

    static func render(_ page: EntryPage) -> String {
        typedEntry.render(page, capacity: 16 * 1024)
    }

    /// The list pages: search and on this day carry a page of tiles as the timeline does;
    /// tags, a row per tag.
    static func render(_ page: SearchPage) -> String {
        typedSearch.render(page, capacity: 64 * 1024)
    }

    static func render(_ page: OnThisDayPage) -> String {
        typedOnThisDay.render(page, capacity: 64 * 1024)
    }

    static func render(_ page: TagsPage) -> String {
        typedTags.render(page, capacity: 8 * 1024)
    }

    static let typedTile = typed(tile)
    static let typedTimeline = typed(Page.timeline.rawValue)
    static let typedEntry = typed(Page.entry.rawValue)
    static let typedSearch = typed(Page.search.rawValue)
    static let typedOnThisDay = typed(Page.onThisDay.rawValue)
    static let typedTags = typed(Page.tags.rawValue)

    /// A template parsed for `TypedTemplate`, partials included; one it cannot read is a bug,
    /// caught by every test that renders the page.
    static func typed(_ name: String) -> TypedTemplate {
        do {
            guard let text = texts[name] else { throw TypedTemplate.ParseError(description: "no such template") }
            return try TypedTemplate(parsing: escapedByHTMLText(text)) { texts[$0].map(escapedByHTMLText) }
        } catch {
            preconditionFailure("template \(folder)/\(name).mustache: \(error)")
        }
    }
}
