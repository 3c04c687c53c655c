import NIOCore

extension TypedTemplate {
    /// The template filled from `model`, as swift-mustache renders it: a name is looked up in
    /// the innermost section's value first, then outwards; a missing or false value, or an
    /// empty list, skips a section; a list repeats it once per element.
    func render(_ model: some TemplateModel, capacity: Int = 4096) -> String {
        String(buffer: body(model, capacity: capacity))
    }

    /// `render(_:capacity:)` as a response's body.
    func body(_ model: some TemplateModel, capacity: Int) -> ByteBuffer {
        var output = ByteBufferAllocator().buffer(capacity: capacity)
        render(model, into: &output)
        return output
    }

    /// `render(_:capacity:)` appended to `output` as UTF-8: a response's body is written once,
    /// each value escaped straight into it, with no String made on the way.
    func render(_ model: some TemplateModel, into output: inout ByteBuffer) {
        var stack: [TemplateValue] = [.object(model)]
        Self.render(nodes, &stack, into: &output)
    }

    private static func render(_ nodes: [Node], _ stack: inout [TemplateValue], into output: inout ByteBuffer) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.writeString(text)
            case .value(let name, let escaped):
                switch lookUp(name, stack) {
                case .text(let text):
                    if escaped { HTMLText.write(text, into: &output) } else { output.writeString(text) }
                case .number(let number): output.writeString(String(number))
                case .decimal(let decimal): output.writeString(String(describing: decimal))
                case .flag(let flag): output.writeStaticString(flag ? "true" : "false")
                case .fragment(let fragment):
                    if escaped { HTMLText.write(fragment.text, into: &output) } else { fragment.write(into: &output) }
                case .missing, .object, .list, .texts: break
                }
            case .section(let name, let inverted, let body):
                let value = lookUp(name, stack)
                if inverted {
                    if !shows(value) { render(body, &stack, into: &output) }
                    continue
                }
                switch value {
                case .missing, .flag(false): break
                case .flag(true): render(body, &stack, into: &output)
                case .list(let list):
                    for element in list { renderBody(body, in: .object(element), &stack, into: &output) }
                case .texts(let texts):
                    for text in texts { renderBody(body, in: .text(text), &stack, into: &output) }
                case .text, .number, .decimal, .object, .fragment: renderBody(body, in: value, &stack, into: &output)
                }
            }
        }
    }

    private static func renderBody(_ body: [Node], in value: TemplateValue, _ stack: inout [TemplateValue], into output: inout ByteBuffer) {
        stack.append(value)
        render(body, &stack, into: &output)
        stack.removeLast()
    }

    /// Whether a section over this value is shown (an inverted section shows when not).
    private static func shows(_ value: TemplateValue) -> Bool {
        switch value {
        case .missing: false
        case .flag(let flag): flag
        case .list(let list): !list.isEmpty
        case .texts(let texts): !texts.isEmpty
        case .text, .number, .decimal, .object, .fragment: true
        }
    }

    /// The first part of a name from the innermost value that has it, the rest from that one.
    private static func lookUp(_ name: Name, _ stack: [TemplateValue]) -> TemplateValue {
        guard let first = name.parts.first else { return stack.last ?? .missing }
        var found = TemplateValue.missing
        for scope in stack.reversed() {
            guard case .object(let object) = scope else { continue }
            found = object.templateValue(named: first)
            if case .missing = found { continue }
            break
        }
        for part in name.parts.dropFirst() {
            guard case .object(let object) = found else { return .missing }
            found = object.templateValue(named: part)
        }
        return found
    }
}
