/// An element of an XMP document with the bytes it spans, so that a writer can replace one
/// property and leave every other byte of the file as it was.
final class XMPNode {
    let qualifiedName: String
    /// Its namespace and local name; nil for a prefix bound nowhere.
    var name: XMPName?
    /// From its `<` to the `>` that ends it (its end tag's, or its own for `<a/>`).
    var range: Range<Int>
    /// Just after the start tag's `>`.
    var startTagEnd: Int
    /// Where the start tag's `/>` or `>` begins: namespace declarations go there.
    var startTagClose: Int
    /// Where `</…>` begins; nil for an empty-element tag.
    var endTagStart: Int?
    var attributes: [XMPAttribute] = []
    var children: [XMPNode] = []
    /// The character data directly inside it, entities and CDATA decoded.
    var text = ""
    /// Prefix → namespace inside it (`""`: the default namespace).
    var bindings: [String: String]

    init(qualifiedName: String, start: Int, bindings: [String: String]) {
        self.qualifiedName = qualifiedName
        range = start..<start
        startTagEnd = start
        startTagClose = start
        self.bindings = bindings
    }

    var prefix: String {
        guard let colon = qualifiedName.firstIndex(of: ":") else { return "" }
        return String(qualifiedName[..<colon])
    }

    func attribute(_ name: XMPName) -> XMPAttribute? { attributes.first { $0.name == name } }

    func isRDF(_ local: String) -> Bool { name == XMPName(namespace: XMPName.rdfNamespace, local: local) }
}

/// An attribute of a start tag.
struct XMPAttribute {
    let qualifiedName: String
    let name: XMPName?
    /// From the white space before the name to the closing quote: removing it leaves a tidy tag.
    let range: Range<Int>
    /// Between the quotes.
    let valueRange: Range<Int>
    /// Entities decoded.
    let value: String
}

/// Reads a document that `XMPReader` has already parsed as well-formed XML without a DOCTYPE
/// into `XMPNode`s carrying byte ranges. FoundationXML reports no byte offsets, so this scan
/// is what lets a sidecar be changed by splicing; it trusts the earlier parse for
/// well-formedness and for the depth limit, and stays bounded on anything (every step moves
/// forward, a missing end just stops the scan).
struct XMPSidecarScanner {
    private let bytes: [UInt8]
    private let end: Int
    private var index = 0

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    init(_ bytes: [UInt8], end: Int) {
        self.bytes = bytes
        self.end = end
    }

    /// The document's root element, or nil when there is none.
    static func scan(_ bytes: [UInt8], end: Int) -> XMPNode? {
        var scanner = XMPSidecarScanner(bytes, end: end)
        return scanner.scanDocument()
    }

    private mutating func scanDocument() -> XMPNode? {
        var stack: [XMPNode] = []
        var root: XMPNode?
        while index < end {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < end, bytes[index] != UInt8(ascii: "<") { index += 1 }
                stack.last?.text += XMLText.decode(bytes[start..<index])
                continue
            }
            if starts(with: "<!--") {
                skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                let start = index + 9
                skip(past: "]]>")
                stack.last?.text += String(decoding: bytes[start..<max(start, index - 3)], as: UTF8.self)
            } else if starts(with: "<?") {
                skip(past: "?>")
            } else if starts(with: "<!") {
                skip(past: ">")
            } else if starts(with: "</") {
                let tagStart = index
                skip(past: ">")
                guard let node = stack.popLast() else { return root }
                node.endTagStart = tagStart
                node.range = node.range.lowerBound..<index
            } else {
                let node = startTag(inScope: stack.last?.bindings ?? ["xml": Self.xmlNamespace])
                if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
                if node.endTagStart == nil { continue }
                stack.append(node)
            }
        }
        return root
    }

    /// A start tag at `index`, with its attributes and the namespaces it declares.
    private mutating func startTag(inScope: [String: String]) -> XMPNode {
        let start = index
        index += 1
        let name = takeName()
        let node = XMPNode(qualifiedName: name, start: start, bindings: inScope)
        var raw: [(name: String, range: Range<Int>, valueRange: Range<Int>)] = []
        while index < end {
            let spaceStart = index
            skipSpaces()
            guard index < end else { break }
            if bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "/") {
                node.startTagClose = index
                let empty = bytes[index] == UInt8(ascii: "/")
                skip(past: ">")
                node.startTagEnd = index
                // An end tag's start is set when the scan meets it; a placeholder marks "has one".
                node.endTagStart = empty ? nil : index
                node.range = start..<index
                break
            }
            let attributeName = takeName()
            skipSpaces()
            if index < end, bytes[index] == UInt8(ascii: "=") { index += 1 }
            skipSpaces()
            guard index < end else { break }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < end, bytes[index] != quote { index += 1 }
            let valueEnd = index
            index = min(end, index + 1)
            raw.append((attributeName, spaceStart..<index, valueStart..<valueEnd))
            if attributeName.isEmpty { break }
        }
        for attribute in raw where attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:") {
            let prefix = attribute.name == "xmlns" ? "" : String(attribute.name.dropFirst(6))
            node.bindings[prefix] = XMLText.decode(bytes[attribute.valueRange])
        }
        node.name = Self.resolve(name, node.bindings, isElement: true)
        node.attributes = raw.map {
            XMPAttribute(
                qualifiedName: $0.name, name: Self.resolve($0.name, node.bindings, isElement: false), range: $0.range,
                valueRange: $0.valueRange, value: XMLText.decode(bytes[$0.valueRange]))
        }
        return node
    }

    static func resolve(_ qualified: String, _ bindings: [String: String], isElement: Bool) -> XMPName? {
        guard qualified != "xmlns", !qualified.hasPrefix("xmlns:") else { return nil }
        guard let colon = qualified.firstIndex(of: ":") else {
            guard isElement else { return nil }
            return XMPName(namespace: bindings[""] ?? "", local: qualified)
        }
        guard let namespace = bindings[String(qualified[..<colon])] else { return nil }
        return XMPName(namespace: namespace, local: String(qualified[qualified.index(after: colon)...]))
    }

    private mutating func takeName() -> String {
        let start = index
        while index < end, !Self.nameEnds.contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static let nameEnds: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">")]

    private mutating func skipSpaces() {
        while index < end, XMLText.isSpace(bytes[index]) { index += 1 }
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= end else { return false }
        return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    }

    /// Moves just past the next `marker`, or to the end.
    private mutating func skip(past marker: StaticString) {
        let pattern = marker.withUTF8Buffer { Array($0) }
        while index < end {
            if bytes[index] == pattern[0], index + pattern.count <= end, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                index += pattern.count
                return
            }
            index += 1
        }
    }
}
