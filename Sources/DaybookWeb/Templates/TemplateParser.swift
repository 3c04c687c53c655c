/// The parse itself, step for step the Mustache rules for standalone lines and partials.
struct TemplateParser {
    let text: [Character]
    let partial: (String) -> String?
    var position = 0
    var depth = 0

    init(text: [Character], partial: @escaping (String) -> String?) {
        self.text = text
        self.partial = partial
    }

    /// The template as written: sections hold their bodies.
    indirect enum Node {
        case text(String)
        case value(TypedTemplate.Name, escaped: Bool)
        case section(TypedTemplate.Name, inverted: Bool, [Node])
    }

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
