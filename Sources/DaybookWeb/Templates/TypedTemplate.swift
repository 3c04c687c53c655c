/// A `.mustache` file parsed once into literal text and named slots, rendered from a
/// `TemplateModel` with no dynamic casts: the one renderer of every page and tile. It reads
/// the subset the templates use: `{{name}}`, `{{{name}}}`, `{{.}}`, dotted names, sections,
/// inverted sections, comments and partials without indentation; anything else, and a name
/// that is not a `TemplateName`, is an error at start. Whitespace follows the Mustache rules
/// step for step (a standalone tag's line goes whole), as the pages have always been written.
struct TypedTemplate: Sendable {
    /// One step of the template. The template is flat: a section's body is the nodes after
    /// it up to `end`, and text is a range of `literals`, so a node is plain data that a
    /// render reads by index with nothing to retain or copy.
    enum Node: Sendable {
        case text(Range<Int>)
        case value(Key, escaped: Bool)
        case section(Key, inverted: Bool, end: Int)
    }

    /// A name as a render asks for it: `.` (the section's own value), a name, or a dotted
    /// name, whose parts are `paths[index]`.
    enum Key: Sendable, Hashable {
        case dot
        case name(TemplateName)
        case path(Int)
    }

    /// A name split at its dots once, each part a key; empty for `.`, the current value.
    struct Name: Sendable, Hashable {
        let parts: [TemplateName]

        init(_ text: String) throws {
            guard text != "." else {
                parts = []
                return
            }
            parts = try text.split(separator: ".").map { part in
                guard let name = TemplateName(rawValue: String(part)) else {
                    throw TemplateError(description: "{{\(text)}}: \(part) is not a TemplateName")
                }
                return name
            }
        }
    }

    /// The file's name, for errors.
    let name: String
    let nodes: [Node]
    /// Every literal text of the template, as the UTF-8 it is written as.
    let literals: [UInt8]
    let paths: [[TemplateName]]

    /// `partial` gives a partial's text by name; partials are parsed into this template.
    init(parsing text: String, name: String, partial: @escaping (String) -> String?) throws {
        var parser = TemplateParser(text: Array(text), partial: partial)
        var flat = FlatTemplate()
        do {
            flat.append(try parser.parse(section: nil, newLine: true))
        } catch {
            throw TemplateError(description: "template \(name): \(error)")
        }
        (nodes, literals, paths) = (flat.nodes, flat.literals, flat.paths)
        self.name = name
    }
}

/// A parsed template laid out flat, neighbouring texts as one, so that a line break costs no
/// node of its own.
private struct FlatTemplate {
    var nodes: [TypedTemplate.Node] = []
    var literals: [UInt8] = []
    var paths: [[TemplateName]] = []

    mutating func append(_ tree: [TemplateParser.Node]) {
        var afterText = false
        for node in tree {
            switch node {
            case .text(let text):
                let start = literals.count
                literals += text.utf8
                if afterText, case .text(let before) = nodes[nodes.count - 1] {
                    nodes[nodes.count - 1] = .text(before.lowerBound..<literals.count)
                } else {
                    nodes.append(.text(start..<literals.count))
                }
                afterText = true
                continue
            case .value(let name, let escaped):
                nodes.append(.value(key(name), escaped: escaped))
            case .section(let name, let inverted, let body):
                let key = key(name)
                let at = nodes.count
                nodes.append(.section(key, inverted: inverted, end: at))
                append(body)
                nodes[at] = .section(key, inverted: inverted, end: nodes.count)
            }
            afterText = false
        }
    }

    private mutating func key(_ name: TypedTemplate.Name) -> TypedTemplate.Key {
        switch name.parts.count {
        case 0: return .dot
        case 1: return .name(name.parts[0])
        default:
            paths.append(name.parts)
            return .path(paths.count - 1)
        }
    }
}
