/// The byte edits one write makes to a scanned sidecar, and the bytes they give: each a range
/// of the original replaced (an empty range: an insertion), none overlapping another.
struct XMPSidecarSplices {
    private struct Splice {
        let range: Range<Int>
        let bytes: [UInt8]
    }

    /// What is added to one Description: namespace declarations and property elements.
    private struct Additions {
        var declarations: [(prefix: String, namespace: String)] = []
        var elements: [String] = []
    }

    private let document: XMPSidecarDocument
    private var splices: [Splice] = []
    private var additions: [Int: Additions] = [:]
    private let newline: String

    init(_ document: XMPSidecarDocument) {
        self.document = document
        let crlf: [UInt8] = [0x0D, 0x0A]
        newline =
            document.bytes.indices.dropLast().contains { document.bytes[$0] == crlf[0] && document.bytes[$0 + 1] == crlf[1] }
            ? "\r\n" : "\n"
    }

    /// Replaces the property's first place with its new value and removes the others; a
    /// property found nowhere is added to the first Description.
    mutating func apply(_ plan: XMPPropertyPlan) {
        var places = document.places(of: plan.name)[...]
        if let content = plan.content, let first = places.popFirst() {
            switch (first, content) {
            case (.attribute(let attribute, _), .simple(let value)):
                splices.append(Splice(range: attribute.valueRange, bytes: Array(XMLText.escape(value).utf8)))
            case (.attribute(let attribute, let description), _):
                splices.append(Splice(range: attribute.range, bytes: []))
                add(plan, content, to: description)
            case (.element(let node, _), _):
                let indent = indentation(before: node.range.lowerBound)
                let element = serialize(node.qualifiedName, content, rdf: rdfPrefix(node.bindings), indent: indent)
                splices.append(Splice(range: node.range, bytes: Array(element.utf8)))
            }
        } else if let content = plan.content {
            add(plan, content, to: document.descriptions[0])
        }
        for place in places {
            switch place {
            case .attribute(let attribute, _): splices.append(Splice(range: attribute.range, bytes: []))
            case .element(let node, _):
                splices.append(Splice(range: spaceStart(before: node.range.lowerBound)..<node.range.upperBound, bytes: []))
            }
        }
    }

    /// The new bytes, once every plan is applied.
    func result() throws(XMPSidecarError) -> [UInt8] {
        var all = splices
        for (index, added) in additions {
            all += spliced(added, into: document.descriptions.first { $0.range.lowerBound == index }!)
        }
        // An insertion goes before a replacement starting at the same byte, so that removing
        // a property after which another is added does not take the addition with it.
        all.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var out: [UInt8] = []
        out.reserveCapacity(document.bytes.count + all.reduce(0) { $0 + $1.bytes.count })
        var cursor = 0
        for splice in all {
            guard splice.range.lowerBound >= cursor else {
                throw XMPSidecarError(reason: "the sidecar repeats a property in a way Daybook cannot change safely; not written")
            }
            out += document.bytes[cursor..<splice.range.lowerBound]
            out += splice.bytes
            cursor = splice.range.upperBound
        }
        out += document.bytes[cursor...]
        return out
    }

    private mutating func add(_ plan: XMPPropertyPlan, _ content: XMPPropertyPlan.Content, to description: XMPNode) {
        var added = additions[description.range.lowerBound] ?? Additions()
        let prefix = Self.prefix(for: plan.name.namespace, preferring: plan.prefix, in: description.bindings, adding: &added.declarations)
        var rdf = rdfPrefix(description.bindings)
        if rdf == nil, case .array = content {
            rdf = Self.prefix(for: XMPName.rdfNamespace, preferring: "rdf", in: description.bindings, adding: &added.declarations)
        }
        let indent = childIndentation(of: description)
        added.elements.append(newline + indent + serialize("\(prefix):\(plan.name.local)", content, rdf: rdf, indent: indent))
        additions[description.range.lowerBound] = added
    }

    /// The Description's declarations go before its start tag's end, its new elements after
    /// its last child (or, for `<rdf:Description …/>`, into the end tag it now needs).
    private func spliced(_ added: Additions, into description: XMPNode) -> [Splice] {
        let declarations = added.declarations.map { " xmlns:\($0.prefix)=\"\(XMLText.escape($0.namespace))\"" }.joined()
        let elements = added.elements.joined()
        guard description.endTagStart != nil else {
            let close = newline + indentation(before: description.range.lowerBound) + "</\(description.qualifiedName)>"
            let text = declarations + ">" + elements + close
            return [Splice(range: description.startTagClose..<description.startTagEnd, bytes: Array(text.utf8))]
        }
        let at = description.children.last?.range.upperBound ?? description.startTagEnd
        return [
            Splice(range: description.startTagClose..<description.startTagClose, bytes: Array(declarations.utf8)),
            Splice(range: at..<at, bytes: Array(elements.utf8)),
        ].filter { !$0.bytes.isEmpty }
    }

    /// A prefix bound to `namespace` in scope, else a new one (`dc`, or `dc1`, `dc2`… when
    /// `dc` means something else there), declared on the Description.
    private static func prefix(
        for namespace: String, preferring preferred: String, in bindings: [String: String],
        adding declarations: inout [(prefix: String, namespace: String)]
    ) -> String {
        if bindings[preferred] == namespace { return preferred }
        if let bound = bindings.filter({ !$0.key.isEmpty && $0.value == namespace }).keys.sorted().first { return bound }
        if let declared = declarations.first(where: { $0.namespace == namespace }) { return declared.prefix }
        var candidate = preferred
        var number = 0
        while bindings[candidate] != nil || declarations.contains(where: { $0.prefix == candidate }) {
            number += 1
            candidate = "\(preferred)\(number)"
        }
        declarations.append((candidate, namespace))
        return candidate
    }

    private func rdfPrefix(_ bindings: [String: String]) -> String? {
        if bindings["rdf"] == XMPName.rdfNamespace { return "rdf" }
        return bindings.filter { !$0.key.isEmpty && $0.value == XMPName.rdfNamespace }.keys.sorted().first
    }

    /// The element's text: a simple value on one line, an array as exiftool lays it out.
    private func serialize(_ qualifiedName: String, _ content: XMPPropertyPlan.Content, rdf: String?, indent: String) -> String {
        switch content {
        case .simple(let value):
            return "<\(qualifiedName)>\(XMLText.escape(value))</\(qualifiedName)>"
        case .array(let kind, let items):
            let rdf = rdf ?? "rdf"
            let inner = indent + " ", innermost = indent + "  "
            let lines = items.map { item in
                let lang = item.lang.map { " xml:lang=\"\(XMLText.escape($0))\"" } ?? ""
                return newline + innermost + "<\(rdf):li\(lang)>\(XMLText.escape(item.text))</\(rdf):li>"
            }
            return "<\(qualifiedName)>" + newline + inner + "<\(rdf):\(kind)>" + lines.joined() + newline + inner + "</\(rdf):\(kind)>"
                + newline + indent + "</\(qualifiedName)>"
        }
    }

    /// The spaces and tabs that start the line `index` is on, when only those come before it.
    private func indentation(before index: Int) -> String {
        let start = spaceStart(before: index, stoppingAtLineBreak: true)
        guard start == 0 || document.bytes[start - 1] == 0x0A || document.bytes[start - 1] == 0x0D else { return "" }
        return String(decoding: document.bytes[start..<index], as: UTF8.self)
    }

    /// Where a Description's children are indented: as its first child, else one more than it.
    private func childIndentation(of description: XMPNode) -> String {
        if let first = description.children.first { return indentation(before: first.range.lowerBound) }
        return indentation(before: description.range.lowerBound) + " "
    }

    /// The first of the white space bytes that come right before `index`.
    private func spaceStart(before index: Int, stoppingAtLineBreak: Bool = false) -> Int {
        var start = index
        while start > 0, XMLText.isSpace(document.bytes[start - 1]) {
            if stoppingAtLineBreak, document.bytes[start - 1] == 0x0A || document.bytes[start - 1] == 0x0D { break }
            start -= 1
        }
        return start
    }
}
