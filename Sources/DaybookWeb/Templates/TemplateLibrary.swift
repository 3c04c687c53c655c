import DaybookEmbedded
import NIOCore

/// The templates, by name: every `mustache/NAME.mustache` in this folder, as the binary carries
/// it (docs/embedded-files.md), so nothing is read from disk at run time.
///
/// The partials: `head` and `foot`, the frame every page shares (no inline script or style:
/// the Content-Security-Policy forbids them, so scripts and styles are files under static/);
/// `tiles`, a grid of entry tiles, each a `tile`; `sections`, tiles under headings (months,
/// years); `fact`, one row of an entry's facts, each value labelled with the `--json` fields
/// it shows. Each page is the `Page` of the same name; `latest` is small on purpose (a widget
/// or a browser side panel).
enum TemplateLibrary {
    enum Page: String, CaseIterable, Sendable {
        case timeline, search, onThisDay, latest, tags, message, entry, confirmDelete, map, editConflict, newEntry, login, trust
    }

    static let folder = "Sources/DaybookWeb/Templates/mustache"
    static let partials = ["head", "foot", "tiles", "tile", "sections", "fact"]

    /// Each template's text by name, as the binary carries it.
    static let texts: [String: String] = {
        var texts: [String: String] = [:]
        for file in EmbeddedFiles.web.files(in: folder) where file.name.hasSuffix(".mustache") {
            texts[String(file.name.dropLast(".mustache".count))] = file.text
        }
        return texts
    }()

    /// Every page of the binary's templates, parsed once. The server and the export ask for
    /// it before their first page, so a template that does not parse stops them at start.
    static let parsed: Result<PageTemplates, TemplateError> = Result { () throws(TemplateError) in try PageTemplates(texts: texts) }
}

/// Every page's template, parsed with its partials.
struct PageTemplates: Sendable {
    private let pages: [TemplateLibrary.Page: TypedTemplate]

    /// `texts`: each template's text by name (a page or a partial).
    init(texts: [String: String]) throws(TemplateError) {
        var pages: [TemplateLibrary.Page: TypedTemplate] = [:]
        for page in TemplateLibrary.Page.allCases {
            guard let text = texts[page.rawValue] else {
                throw TemplateError(description: "no template \(TemplateLibrary.folder)/\(page.rawValue).mustache in this binary")
            }
            do {
                pages[page] = try TypedTemplate(parsing: text, name: page.rawValue) { texts[$0] }
            } catch let error as TemplateError {
                throw error
            } catch {
                throw TemplateError(description: "template \(page.rawValue): \(error)")
            }
        }
        self.pages = pages
    }

    /// The page of `model`, as a response's body; `capacity` is what the buffer starts with.
    func body<Model: PageModel>(_ model: Model, capacity: Int) throws(TemplateError) -> ByteBuffer {
        guard let template = pages[Model.page] else { throw TemplateError(description: "no template \(Model.page.rawValue)") }
        return try template.body(model, capacity: capacity)
    }
}
