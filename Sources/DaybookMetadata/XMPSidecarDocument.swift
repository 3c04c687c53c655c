/// A sidecar checked by `XMPReader` and scanned into its top-level `rdf:Description`s, with
/// the byte ranges of each property: what the writer splices and what the words are read from.
struct XMPSidecarDocument {
    let bytes: [UInt8]
    /// The end of the XML: writers pad a packet with spaces or NULs, kept after it as they are.
    let end: Int
    let rdf: XMPNode
    let descriptions: [XMPNode]

    static let dcNamespace = "http://purl.org/dc/elements/1.1/"
    static let lightroomNamespace = "http://ns.adobe.com/lightroom/1.0/"

    static let description = XMPName(namespace: dcNamespace, local: "description")
    static let subject = XMPName(namespace: dcNamespace, local: "subject")
    static let hierarchicalSubject = XMPName(namespace: lightroomNamespace, local: "hierarchicalSubject")
    static let langName = XMPName(namespace: XMPSidecarScanner.xmlNamespace, local: "lang")

    /// The document, or why it is no sidecar Daybook reads or changes: the reader's refusals
    /// (too big, not UTF-8, a DOCTYPE, not well-formed), or no `rdf:RDF` in it.
    static func read(_ bytes: [UInt8]) -> Result<XMPSidecarDocument, XMPReader.Refusal> {
        if case .failure(let refusal) = XMPReader.collect(bytes) { return .failure(refusal) }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 || XMLText.isSpace(bytes[end - 1]) { end -= 1 }
        guard let root = XMPSidecarScanner.scan(bytes, end: end), let rdf = Self.first(in: root, where: { $0.isRDF("RDF") }) else {
            return .failure(XMPReader.Refusal(reason: "XMP has no rdf:RDF element, so it is no XMP packet"))
        }
        return .success(
            XMPSidecarDocument(bytes: bytes, end: end, rdf: rdf, descriptions: rdf.children.filter { $0.isRDF("Description") }))
    }

    /// The first element, depth first, that passes `test` (an `rdf:RDF` sits under
    /// `x:xmpmeta`, or is the root).
    private static func first(in node: XMPNode, where test: (XMPNode) -> Bool) -> XMPNode? {
        var pending = [node]
        while let next = pending.popLast() {
            if test(next) { return next }
            pending += next.children.reversed()
        }
        return nil
    }

    /// Where a property is given, in document order: an attribute of a Description or an
    /// element inside one.
    enum Place {
        case attribute(XMPAttribute, in: XMPNode)
        case element(XMPNode, in: XMPNode)
    }

    func places(of name: XMPName) -> [Place] {
        descriptions.flatMap { description in
            description.attributes.filter { $0.name == name }.map { Place.attribute($0, in: description) }
                + description.children.filter { $0.name == name }.map { Place.element($0, in: description) }
        }
    }

    /// An array's items (`rdf:Bag`, `rdf:Seq` or `rdf:Alt` of `rdf:li`), each with its
    /// `xml:lang`; a plain value is one item, as exiftool reads it.
    struct Item: Equatable {
        var lang: String?
        var text: String
    }

    func items(of name: XMPName) -> [Item] {
        places(of: name).flatMap { place -> [Item] in
            switch place {
            case .attribute(let attribute, _): return [Item(lang: nil, text: attribute.value)]
            case .element(let node, _): return Self.items(in: node)
            }
        }
    }

    static func items(in node: XMPNode) -> [Item] {
        guard let array = node.children.first(where: { $0.isRDF("Bag") || $0.isRDF("Seq") || $0.isRDF("Alt") }) else {
            return node.children.isEmpty ? [Item(lang: nil, text: node.text)] : []
        }
        return array.children.filter { $0.isRDF("li") && $0.children.isEmpty }.map {
            Item(lang: $0.attribute(langName)?.value, text: $0.text)
        }
    }

    /// A simple property's value: the first, from an attribute or an element's text.
    func value(of name: XMPName) -> String? {
        for place in places(of: name) {
            switch place {
            case .attribute(let attribute, _): return attribute.value
            case .element(let node, _) where node.children.isEmpty: return node.text
            case .element: continue
            }
        }
        return nil
    }
}
