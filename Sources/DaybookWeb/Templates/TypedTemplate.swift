/// A `.mustache` file parsed once into literal text and named slots, rendered from a
/// `TemplateModel` with no dynamic casts: the one renderer of every page and tile. It reads
/// the subset the templates use: `{{name}}`, `{{{name}}}`, `{{.}}`, dotted names, sections,
/// inverted sections, comments and partials without indentation; anything else, and a name
/// that is not a `TemplateName`, is an error at start. Whitespace follows the Mustache rules
/// step for step (a standalone tag's line goes whole), as the pages have always been written.
struct TypedTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case value(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Node])
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

    /// `partial` gives a partial's text by name; partials are parsed into this template.
    init(parsing text: String, name: String, partial: @escaping (String) -> String?) throws {
        var parser = TemplateParser(text: Array(text), partial: partial)
        do {
            nodes = Self.joined(try parser.parse(section: nil, newLine: true))
        } catch {
            throw TemplateError(description: "template \(name): \(error)")
        }
        self.name = name
    }

    /// Neighbouring text nodes as one, so that a line break costs no node of its own.
    private static func joined(_ nodes: [Node]) -> [Node] {
        var joined: [Node] = []
        for node in nodes {
            switch node {
            case .text(let text):
                if case .text(let before) = joined.last {
                    joined[joined.count - 1] = .text(before + text)
                } else {
                    joined.append(node)
                }
            case .value: joined.append(node)
            case .section(let name, let inverted, let body): joined.append(.section(name, inverted: inverted, Self.joined(body)))
            }
        }
        return joined
    }
}

/// The parse itself, step for step the Mustache rules for standalone lines and partials.
private struct TemplateParser {
    let text: [Character]
    let partial: (String) -> String?
    var position = 0
    var depth = 0

    init(text: [Character], partial: @escaping (String) -> String?) {
        self.text = text
        self.partial = partial
    }

    typealias Node = TypedTemplate.Node

    private var atEnd: Bool { position >= text.count }

    private func fail(_ message: String) -> TemplateError {
        TemplateError(description: "\(message) at character \(position)")
    }

    mutating func parse(section: String?, newLine startsOnNewLine: Bool) throws -> [Node] {
        var nodes: [Node] = []
        var newLine = startsOnNewLine
        var whiteSpaceBefore = ""
        while !atEnd {
            if newLine { whiteSpaceBefore = read(while: { $0 == " " || $0 == "\t" }) }
            let (literal, foundTag) = readUntilTagOrNewline()
            if !atEnd, !foundTag, text[position].isNewline {
                nodes.append(.text(whiteSpaceBefore + literal + String(text[position])))
                position += 1
                newLine = true
                continue
            }
            if !literal.isEmpty {
                nodes.append(.text(whiteSpaceBefore + literal))
                whiteSpaceBefore = ""
                newLine = false
            }
            guard foundTag, !atEnd else { break }
            var setNewLine = false
            switch text[position] {
            case "#", "^":
                let inverted = text[position] == "^"
                position += 1
                let name = try readName()
                if newLine && lineFinished() {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                depth += 1
                let body = try parse(section: name, newLine: setNewLine)
                depth -= 1
                nodes.append(.section(try TypedTemplate.Name(name), inverted: inverted, body))
            case "/":
                position += 1
                let name = try readName()
                guard name == section else { throw fail("{{/\(name)}} closes no open section") }
                if !(newLine && lineFinished()), !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                }
                return nodes
            case "!":
                position += 1
                try skipComment()
                setNewLine = newLine && lineFinished()
            case "{":
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                whiteSpaceBefore = ""
                position += 1
                let name = try readName(closing: "}}}")
                nodes.append(.value(try TypedTemplate.Name(name), escaped: false))
            case "&":
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                whiteSpaceBefore = ""
                position += 1
                nodes.append(.value(try TypedTemplate.Name(try readName()), escaped: false))
            case ">":
                position += 1
                _ = read(while: \.isWhitespace)
                let name = try readName()
                guard whiteSpaceBefore.isEmpty else { throw fail("an indented partial {{> \(name)}}") }
                guard depth < 8, let partialText = partial(name) else { throw fail("no partial \(name)") }
                setNewLine = newLine && lineFinished()
                var inner = TemplateParser(text: Array(partialText), partial: partial)
                inner.depth = depth + 1
                nodes += try inner.parse(section: nil, newLine: true)
            case "=", "<", "$", "%":
                throw fail("a tag TypedTemplate does not read ({{\(text[position])")
            default:
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                whiteSpaceBefore = ""
                nodes.append(.value(try TypedTemplate.Name(try readName()), escaped: true))
            }
            newLine = setNewLine
        }
        guard section == nil else { throw fail("{{#\(section ?? "")}} is never closed") }
        return nodes
    }

    private mutating func read(while accept: (Character) -> Bool) -> String {
        let start = position
        while !atEnd, accept(text[position]) { position += 1 }
        return String(text[start..<position])
    }

    /// Text up to a newline (not consumed) or past an opening `{{` (consumed).
    private mutating func readUntilTagOrNewline() -> (String, foundTag: Bool) {
        var literal = ""
        while !atEnd {
            let character = text[position]
            if character.isNewline { return (literal, false) }
            if character == "{", position + 1 < text.count, text[position + 1] == "{" {
                position += 2
                return (literal, true)
            }
            literal.append(character)
            position += 1
        }
        return (literal, false)
    }

    private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    private mutating func readName(closing: String = "}}") throws -> String {
        _ = read(while: \.isWhitespace)
        let name = read(while: Self.nameCharacters.contains)
        _ = read(while: \.isWhitespace)
        guard !name.isEmpty, consume(closing) else { throw fail("a tag that does not read as {{name}}") }
        return name
    }

    private mutating func skipComment() throws {
        while !atEnd {
            if consume("}}") { return }
            position += 1
        }
        throw fail("an unclosed comment")
    }

    private mutating func consume(_ expected: String) -> Bool {
        let characters = Array(expected)
        guard position + characters.count <= text.count, Array(text[position..<position + characters.count]) == characters else {
            return false
        }
        position += characters.count
        return true
    }

    /// Whether only spaces and tabs are left on the line; if so they and the newline are read.
    private mutating func lineFinished() -> Bool {
        let start = position
        _ = read(while: { $0 == " " || $0 == "\t" })
        if atEnd { return true }
        if text[position].isNewline {
            position += 1
            return true
        }
        position = start
        return false
    }
}
