import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XMP property's name: its namespace URI and local name. The prefix (`exif:`) is the
/// writer's choice and means nothing by itself.
struct XMPName: Hashable, Sendable, CustomStringConvertible {
    let namespace: String
    let local: String

    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// `exif:DateTimeOriginal`, with the usual prefix of the namespaces Daybook reads.
    var description: String {
        let prefixes = [
            XMPReader.exifNamespace: "exif", XMPReader.photoshopNamespace: "photoshop", XMPReader.xmpNamespace: "xmp",
            XMPSidecarDocument.dcNamespace: "dc", XMPSidecarDocument.lightroomNamespace: "lr",
        ]
        return "\(prefixes[namespace] ?? namespace):\(local)"
    }
}

/// Collects the simple properties of an XMP packet's top-level `rdf:Description`s with
/// FoundationXML's `XMLParser` (libxml2), in both forms RDF allows:
///
/// - attributes: `<rdf:Description exif:DateTimeOriginal="…"/>` (exiftool's shorthand,
///   Lightroom, darktable);
/// - child elements: `<rdf:Description><exif:DateTimeOriginal>…</exif:DateTimeOriginal>`.
///
/// Namespaces are resolved here, from the `xmlns` attributes in scope, with the parser's own
/// namespace processing off: with it on, FoundationXML (6.3) leaks about 50 bytes a parse,
/// which a watcher running for months would feel. Structures and arrays (a property element
/// with elements inside) are passed over: the dates and places Daybook reads are simple values. The first value of a property wins when several
/// Descriptions repeat it. Nesting deeper than `maximumDepth` stops the parse (libxml2 itself
/// allows far deeper), and a value longer than `maximumValueLength` is kept cut to that length
/// plus one character, so that it fails whatever check its field makes.
final class XMPPropertyCollector: NSObject, XMLParserDelegate {
    static let maximumDepth = 64
    static let maximumValueLength = 256

    private enum Role {
        case other
        case rdf
        case description
        case property(XMPName)
        case insideProperty
    }

    private struct Frame {
        let role: Role
        /// The prefixes this element declared (`""` for a default namespace), unbound at its end.
        let declared: [String]
    }

    private var stack: [Frame] = []
    /// In-scope namespace bindings per prefix (`""`: the default namespace), innermost last.
    private var bindings: [String: [String]] = [:]
    private var text = ""
    private var textIsValue = false
    private(set) var properties: [XMPName: String] = [:]
    /// The `Container:Item`s of a Google container directory (motion photos), in order: each
    /// one's `Item:` fields by local name, from attributes or child elements. At most
    /// `maximumItems`; more makes the directory unusable rather than cut short.
    private(set) var containerItems: [[String: String]] = []
    private(set) var tooManyItems = false
    static let maximumItems = 16
    static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"
    /// The depth of the open `Container:Item`, and the `Item:` field element open inside it.
    private var itemDepth: Int?
    private var itemField: String?
    /// Why the collector stopped the parse, when it did.
    private(set) var refusal: String?
    private var sawElement = false
    /// The first error libxml2 reported (its code and line): the later ones follow from it.
    private(set) var firstError: (code: Int, line: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstError == nil { firstError = ((parseError as NSError).code, parser.lineNumber) }
    }

    /// Whether the document had an element and closed every element it opened.
    var isComplete: Bool { sawElement && stack.isEmpty }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard stack.count < Self.maximumDepth else {
            refusal = "elements nested deeper than \(Self.maximumDepth) levels"
            parser.abortParsing()
            return
        }
        sawElement = true
        var declared: [String] = []
        for (name, uri) in attributes where name == "xmlns" || name.hasPrefix("xmlns:") {
            let prefix = name == "xmlns" ? "" : String(name.dropFirst("xmlns:".count))
            bindings[prefix, default: []].append(uri)
            declared.append(prefix)
        }
        let element = resolve(elementName, isElement: true)
        startContainerItemField(element, attributes: attributes)
        let isRDF = element?.namespace == XMPName.rdfNamespace
        let role: Role
        switch stack.last?.role {
        case .property?, .insideProperty?:
            // A structure, an array or a qualified value: not a simple text value.
            role = .insideProperty
            textIsValue = false
        case .description?:
            role = element.map { .property($0) } ?? .insideProperty
            text = ""
            textIsValue = element != nil
        case .rdf? where isRDF && element?.local == "Description":
            role = .description
            for (name, value) in attributes {
                guard let property = resolve(name, isElement: false), property.namespace != XMPName.rdfNamespace else { continue }
                record(property, value)
            }
        default:
            role = isRDF && element?.local == "RDF" ? .rdf : .other
        }
        stack.append(Frame(role: role, declared: declared))
    }

    /// The namespace and local name of a qualified name, from the bindings in scope; nil for
    /// an unbound prefix, a namespace declaration, or an attribute without a prefix (which is
    /// in no namespace, so no XMP property).
    private func resolve(_ qualified: String, isElement: Bool) -> XMPName? {
        guard qualified != "xmlns", !qualified.hasPrefix("xmlns:") else { return nil }
        guard let colon = qualified.firstIndex(of: ":") else {
            guard isElement else { return nil }
            return XMPName(namespace: bindings[""]?.last ?? "", local: qualified)
        }
        guard let namespace = bindings[String(qualified[..<colon])]?.last else { return nil }
        return XMPName(namespace: namespace, local: String(qualified[qualified.index(after: colon)...]))
    }

    /// Within a structure: a `Container:Item` opens an item (its fields as attributes), and an
    /// `Item:` element inside one is a field given as a child element.
    private func startContainerItemField(_ element: XMPName?, attributes: [String: String]) {
        guard let element, stack.count > 2 else { return }
        if itemDepth == nil, element.namespace == Self.containerNamespace, element.local == "Item" {
            guard containerItems.count < Self.maximumItems else {
                tooManyItems = true
                return
            }
            var item: [String: String] = [:]
            for (name, value) in attributes {
                guard let field = resolve(name, isElement: false), field.namespace == Self.itemNamespace else { continue }
                item[field.local] = String(value.trimmingSpaces.prefix(Self.maximumValueLength + 1))
            }
            containerItems.append(item)
            itemDepth = stack.count
        } else if let itemDepth, stack.count == itemDepth + 1, element.namespace == Self.itemNamespace {
            itemField = element.local
            text = ""
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let frame = stack.popLast() else { return }
        if let itemDepth, stack.count == itemDepth + 1, let field = itemField {
            containerItems[containerItems.count - 1][field] = String(text.trimmingSpaces.prefix(Self.maximumValueLength + 1))
            itemField = nil
        } else if stack.count == itemDepth {
            itemDepth = nil
        }
        for prefix in frame.declared { _ = bindings[prefix]?.popLast() }
        if case .property(let name) = frame.role, textIsValue {
            record(name, text)
            textIsValue = false
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        append(String(decoding: block, as: UTF8.self))
    }

    private func append(_ string: String) {
        if itemField != nil, text.utf8.count <= Self.maximumValueLength {
            text += string.prefix(Self.maximumValueLength + 1 - text.utf8.count)
            return
        }
        guard textIsValue, case .property? = stack.last?.role, text.utf8.count <= Self.maximumValueLength else { return }
        text += string.prefix(Self.maximumValueLength + 1 - text.utf8.count)
    }

    private func record(_ name: XMPName, _ value: String) {
        let trimmed = value.trimmingSpaces
        guard !trimmed.isEmpty, properties[name] == nil else { return }
        properties[name] = String(trimmed.prefix(Self.maximumValueLength + 1))
    }
}
