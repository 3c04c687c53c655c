import NIOCore

/// A model that answers a template's names itself, with typed values: what `TypedTemplate`
/// renders, with no dynamic cast and no reflection.
///
/// `templateValue(_:)` is nil for a name the model does not have, which the lookup passes
/// on to the enclosing section's model; `.missing` for a name it has with no value now (a nil
/// optional), which the lookup passes on too, as Mustache reads a nil. A name that no model
/// on the way out has is a render error (`TemplateError`), not an empty value.
protocol TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue?

    /// The text of a name answered `.written`, escaped, straight into the page's bytes.
    func write(_ name: TemplateName, into output: inout ByteBuffer)
}

extension TemplateModel {
    func write(_ name: TemplateName, into output: inout ByteBuffer) {}
}

/// A whole page's model: it names the template it is rendered with, so a page cannot be
/// given another page's model.
protocol PageModel: TemplateModel {
    static var page: TemplateLibrary.Page { get }
}

/// What a name stands for. Text is escaped by `HTMLText` unless the tag is `{{{triple}}}`.
enum TemplateValue {
    case missing
    case text(String)
    case number(Int)
    /// Written as `String(describing:)` writes it: "48.8566".
    case decimal(Double)
    case flag(Bool)
    case object(TemplateObject)
    case list(TemplateList)
    case texts([String])
    /// Text the model writes itself (`TemplateModel.write(_:into:)`), always escaped, with no
    /// String made on the way: what a timeline tile's day, time, links and alt text are.
    case written

    init(_ text: String?) { self = text.map(Self.text) ?? .missing }
    init(_ number: Int?) { self = number.map(Self.number) ?? .missing }
    init(_ decimal: Double?) { self = decimal.map(Self.decimal) ?? .missing }
    init(_ flag: Bool?) { self = flag.map(Self.flag) ?? .missing }
    init(_ object: (some TemplateModel)?) { self = object.map { .object(TemplateObject($0)) } ?? .missing }
    init<Elements: Collection>(_ list: Elements) where Elements.Element: TemplateModel { self = .list(TemplateList(list)) }
    init(_ texts: [String]) { self = .texts(texts) }
}

/// A model as the value of a name, boxed once: a value is then a few words to copy, however
/// large the model.
final class TemplateObject {
    let model: any TemplateModel

    init(_ model: any TemplateModel) { self.model = model }
}

/// A template that does not parse, or a name that no model of the page has: a page that
/// cannot be rendered, never an empty one.
struct TemplateError: Error, CustomStringConvertible {
    let description: String
}
