import NIOCore

extension TypedTemplate {
    /// The template filled from `model`, by the Mustache rules: a name is looked up in the
    /// innermost section's model first, then outwards; a missing or false value, or an empty
    /// list, skips a section; a list repeats it once per element. A name that no model on the
    /// way out has throws, and what was written so far is not a page.
    func render(_ model: some TemplateModel, capacity: Int = 4096) throws(TemplateError) -> String {
        String(buffer: try body(model, capacity: capacity))
    }

    /// `render(_:capacity:)` as a response's body.
    func body(_ model: some TemplateModel, capacity: Int) throws(TemplateError) -> ByteBuffer {
        var output = ByteBufferAllocator().buffer(capacity: capacity)
        try render(model, into: &output)
        return output
    }

    /// `render(_:capacity:)` appended to `output` as UTF-8: a response's body is written once,
    /// each value escaped straight into it, with no String made on the way.
    func render(_ model: some TemplateModel, into output: inout ByteBuffer) throws(TemplateError) {
        var stack: [Scope] = [.value(.object(model))]
        try render(nodes, &stack, into: &output)
    }

    /// A section's value as the names inside it see it: a value, or text its model writes.
    private enum Scope {
        case value(TemplateValue)
        case written(any TemplateModel, TemplateName)
    }

    private func render(_ nodes: [Node], _ stack: inout [Scope], into output: inout ByteBuffer) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.writeString(text)
            case .value(let name, let escaped):
                switch try lookUp(name, stack) {
                case .written(let model, let name): model.write(name, into: &output)
                case .value(.text(let text)):
                    if escaped { HTMLText.write(text, into: &output) } else { output.writeString(text) }
                case .value(.number(let number)): output.writeDecimal(number)
                case .value(.decimal(let decimal)): output.writeString(String(describing: decimal))
                case .value(.flag(let flag)): output.writeStaticString(flag ? "true" : "false")
                case .value(.missing), .value(.object), .value(.list), .value(.texts), .value(.written): break
                }
            case .section(let name, let inverted, let body):
                let scope = try lookUp(name, stack)
                if inverted {
                    if !Self.shows(scope) { try render(body, &stack, into: &output) }
                    continue
                }
                switch scope {
                case .value(.missing), .value(.flag(false)): break
                case .value(.flag(true)): try render(body, &stack, into: &output)
                case .value(.list(let list)):
                    for element in list { try renderBody(body, in: .value(.object(element)), &stack, into: &output) }
                case .value(.texts(let texts)):
                    for text in texts { try renderBody(body, in: .value(.text(text)), &stack, into: &output) }
                case .value(.text), .value(.number), .value(.decimal), .value(.object), .value(.written), .written:
                    try renderBody(body, in: scope, &stack, into: &output)
                }
            }
        }
    }

    private func renderBody(_ body: [Node], in scope: Scope, _ stack: inout [Scope], into output: inout ByteBuffer) throws(TemplateError) {
        stack.append(scope)
        defer { stack.removeLast() }
        try render(body, &stack, into: &output)
    }

    /// Whether a section over this value is shown (an inverted section shows when not).
    private static func shows(_ scope: Scope) -> Bool {
        switch scope {
        case .value(.missing): false
        case .value(.flag(let flag)): flag
        case .value(.list(let list)): !list.isEmpty
        case .value(.texts(let texts)): !texts.isEmpty
        case .value(.text), .value(.number), .value(.decimal), .value(.object), .value(.written), .written: true
        }
    }

    /// The first part of a name from the innermost model that has it, the rest from that one.
    private func lookUp(_ name: Name, _ stack: [Scope]) throws(TemplateError) -> Scope {
        guard let first = name.parts.first else { return stack.last ?? .value(.missing) }
        var found: TemplateValue?
        var owner: (any TemplateModel)?
        for scope in stack.reversed() {
            guard case .value(.object(let model)) = scope, let value = model.templateValue(first) else { continue }
            (found, owner) = (value, model)
            if case .missing = value { continue }
            break
        }
        guard var value = found, var model = owner else { throw unknown(first, in: nil) }
        var last = first
        for part in name.parts.dropFirst() {
            guard case .object(let object) = value else { return .value(.missing) }
            guard let next = object.templateValue(part) else { throw unknown(part, in: object) }
            (value, model, last) = (next, object, part)
        }
        if case .written = value { return .written(model, last) }
        return .value(value)
    }

    private func unknown(_ name: TemplateName, in model: (any TemplateModel)?) -> TemplateError {
        let whose = model.map { " of \(type(of: $0))" } ?? ""
        return TemplateError(description: "template \(self.name): no value named \(name.rawValue)\(whose)")
    }
}

extension ByteBuffer {
    /// `String(value)`'s digits, with no String made.
    mutating func writeDecimal(_ value: Int) {
        guard (0..<10_000_000_000).contains(value) else {
            writeString(String(value))
            return
        }
        var digits: (UInt64, UInt64) = (0, 0)
        var rest = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { bytes in
            repeat {
                bytes[15 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            writeBytes(UnsafeRawBufferPointer(rebasing: bytes[(16 - count)...]))
        }
    }
}
