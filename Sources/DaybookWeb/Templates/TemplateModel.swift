import Mustache
import NIOCore

/// A model that answers a template's names itself, with typed values: what `TypedTemplate`
/// renders, and (through the derived `MustacheParent`) what swift-mustache renders, so the two
/// renderers read one list of names per type and cannot drift apart.
///
/// A name not answered is `.missing`, as swift-mustache reads a nil optional: the lookup goes
/// on down the stack of sections. To show one more field, add one `case "name": .init(field)`.
protocol TemplateModel: MustacheParent {
    func templateValue(named name: String) -> TemplateValue
}

extension TemplateModel {
    func child(named name: String) -> Any? { templateValue(named: name).mustacheValue }
}

/// Markup a model writes itself, each value escaped as it is written (`TileWriter`): the
/// typed renderer has `{{{name}}}` write it straight into the page, no String made.
protocol HTMLFragment: Sendable {
    func write(into output: inout ByteBuffer)
}

extension HTMLFragment {
    /// The markup as text, for swift-mustache (and a `{{name}}` that would escape it).
    var text: String {
        var output = ByteBufferAllocator().buffer(capacity: 1024)
        write(into: &output)
        return String(buffer: output)
    }
}

/// What a name stands for. Text is escaped by `HTMLText` unless the tag is `{{{triple}}}`.
enum TemplateValue {
    case missing
    case text(String)
    case number(Int)
    /// Written as swift-mustache writes it, `String(describing:)`: "48.8566".
    case decimal(Double)
    case flag(Bool)
    case object(any TemplateModel)
    case list([any TemplateModel])
    case texts([String])
    case fragment(any HTMLFragment)

    init(_ text: String?) { self = text.map(Self.text) ?? .missing }
    init(_ number: Int?) { self = number.map(Self.number) ?? .missing }
    init(_ decimal: Double?) { self = decimal.map(Self.decimal) ?? .missing }
    init(_ flag: Bool?) { self = flag.map(Self.flag) ?? .missing }
    init(_ object: (some TemplateModel)?) { self = object.map { .object($0) } ?? .missing }
    init(_ list: [some TemplateModel]) { self = .list(list) }
    init(_ texts: [String]) { self = .texts(texts) }

    /// The value as swift-mustache's lookups expect it: nil for missing, else the value itself.
    var mustacheValue: Any? {
        switch self {
        case .missing: nil
        case .text(let text): text
        case .number(let number): number
        case .decimal(let decimal): decimal
        case .flag(let flag): flag
        case .object(let object): object
        case .list(let list): list
        case .texts(let texts): texts
        case .fragment(let fragment): fragment.text
        }
    }
}
