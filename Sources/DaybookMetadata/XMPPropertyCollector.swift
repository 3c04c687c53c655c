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
/// Structures and arrays (a property element with elements inside) are passed over: the dates
/// and places Daybook reads are simple values. The first value of a property wins when several
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

    private var stack: [Role] = []
    /// In-scope namespace bindings per prefix, innermost last (the parser reports attribute
    /// names with their prefix only).
    private var bindings: [String: [String]] = [:]
    private var text = ""
    private var textIsValue = false
    private(set) var properties: [XMPName: String] = [:]
    /// Why the collector stopped the parse, when it did.
    private(set) var refusal: String?

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        bindings[prefix, default: []].append(namespaceURI)
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        _ = bindings[prefix]?.popLast()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard stack.count < Self.maximumDepth else {
            refusal = "elements nested deeper than \(Self.maximumDepth) levels"
            parser.abortParsing()
            return
        }
        let isRDF = namespaceURI == XMPName.rdfNamespace
        let role: Role
        switch stack.last {
        case .property?, .insideProperty?:
            // A structure, an array or a qualified value: not a simple text value.
            role = .insideProperty
            textIsValue = false
        case .description?:
            role = .property(XMPName(namespace: namespaceURI ?? "", local: elementName))
            text = ""
            textIsValue = true
        case .rdf? where isRDF && elementName == "Description":
            role = .description
            recordAttributes(attributes)
        default:
            role = isRDF && elementName == "RDF" ? .rdf : .other
        }
        stack.append(role)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let role = stack.popLast() else { return }
        if case .property(let name) = role, textIsValue {
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
        guard textIsValue, case .property? = stack.last, text.utf8.count <= Self.maximumValueLength else { return }
        text += string.prefix(Self.maximumValueLength + 1 - text.utf8.count)
    }

    private func recordAttributes(_ attributes: [String: String]) {
        for (qualified, value) in attributes {
            guard let colon = qualified.firstIndex(of: ":") else { continue }  // no namespace: not a property
            let prefix = String(qualified[..<colon])
            guard let namespace = bindings[prefix]?.last, namespace != XMPName.rdfNamespace else { continue }
            record(XMPName(namespace: namespace, local: String(qualified[qualified.index(after: colon)...])), value)
        }
    }

    private func record(_ name: XMPName, _ value: String) {
        let trimmed = value.trimmingSpaces
        guard !trimmed.isEmpty, properties[name] == nil else { return }
        properties[name] = String(trimmed.prefix(Self.maximumValueLength + 1))
    }
}
