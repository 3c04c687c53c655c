import Mustache

/// The compiled templates, by name. Built once from the string constants in this folder, so
/// the binary carries them wherever it is copied (nothing is read from disk at run time).
enum TemplateLibrary {
    enum Page: String, CaseIterable, Sendable {
        case timeline, search, onThisDay, latest, tags, message, entry, confirmDelete, map, editConflict
    }

    static let shared: MustacheLibrary = {
        var library = MustacheLibrary()
        let sources: [String: String] = [
            "head": LayoutTemplates.head, "foot": LayoutTemplates.foot, "tiles": LayoutTemplates.tiles,
            "sections": LayoutTemplates.sections, "fact": EntryTemplates.fact,
            Page.timeline.rawValue: ListTemplates.timeline, Page.search.rawValue: ListTemplates.search,
            Page.onThisDay.rawValue: ListTemplates.onThisDay, Page.latest.rawValue: ListTemplates.latest,
            Page.tags.rawValue: ListTemplates.tags, Page.message.rawValue: ListTemplates.message,
            Page.entry.rawValue: EntryTemplates.entry, Page.confirmDelete.rawValue: EntryTemplates.confirmDelete,
            Page.map.rawValue: EntryTemplates.map, Page.editConflict.rawValue: EntryTemplates.editConflict,
        ]
        for (name, source) in sources {
            // The templates are constants of this module: one that does not parse is a bug,
            // caught by every test that renders a page.
            do { try library.register(source, named: name) } catch { preconditionFailure("template \(name): \(error)") }
        }
        return library
    }()

    static func render(_ page: Page, _ model: Any) -> String {
        shared.render(model, withTemplate: page.rawValue) ?? ""
    }
}
