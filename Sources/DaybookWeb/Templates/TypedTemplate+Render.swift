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
        try render(nodes.indices, in: model, dot: .model, outside: { _ throws(TemplateError) in nil }, into: &output)
    }

    /// The nodes `range` inside the section whose model is `model`. The walk is generic over
    /// the model's type, so a list's elements (a timeline's tiles) are asked for their names
    /// directly, with no box per element, and the models outside are reached only for a name
    /// the innermost one does not have.
    func render<Model: TemplateModel>(
        _ range: Range<Int>, in model: Model, dot: Dot, outside: Outside, into output: inout ByteBuffer
    ) throws(TemplateError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let node = nodes[index]
            index += 1
            switch node {
            case .text(let bytes):
                literals.withUnsafeBytes { output.writeBytes(UnsafeRawBufferPointer(rebasing: $0[bytes])) }
            case .value(let key, let escaped):
                // Most names are the section's own model's: written at once, with nothing made
                // to stand for them on the way.
                if case .name(let name) = key, let value = model.templateValue(name) {
                    switch value {
                    case .text(let text):
                        Self.write(text, escaped: escaped, into: &output)
                        continue
                    case .written:
                        model.write(name, into: &output)
                        continue
                    case .missing: break
                    case .number, .decimal, .flag, .object, .list, .texts:
                        Self.write(.value(value), escaped: escaped, of: model, into: &output)
                        continue
                    }
                }
                Self.write(try lookUp(key, in: model, dot: dot, outside: outside), escaped: escaped, of: model, into: &output)
            case .section(let key, let inverted, let end):
                let body = index..<end
                index = end
                let found = try lookUp(key, in: model, dot: dot, outside: outside)
                if inverted {
                    if !found.shows { try render(body, in: model, dot: dot, outside: outside, into: &output) }
                    continue
                }
                // A section over a value that is not a model keeps the model for names; only
                // `{{.}}` inside it is that value.
                switch found {
                case .value(.missing), .value(.flag(false)): break
                case .value(.flag(true)), .model: try render(body, in: model, dot: dot, outside: outside, into: &output)
                case .value(.object(let object)): try renderInside(body, object.model, around: model, outside: outside, into: &output)
                case .value(.list(let list)):
                    let around: Outside = { name throws(TemplateError) in try Self.find(name, in: model, outside: outside) }
                    try list.render(self, body, around: around, &output)
                case .value(.texts(let texts)):
                    for text in texts { try render(body, in: model, dot: .value(.text(text)), outside: outside, into: &output) }
                case .value(.text), .value(.number), .value(.decimal), .value(.written), .written, .writtenByModel:
                    try render(body, in: model, dot: found, outside: outside, into: &output)
                }
            }
        }
    }

    private static func write(_ text: String, escaped: Bool, into output: inout ByteBuffer) {
        if escaped { HTMLText.write(text, into: &output) } else { output.writeString(text) }
    }

    /// `{{name}}`'s text: a model or a list writes nothing, as Mustache renders them.
    private static func write<Model: TemplateModel>(_ found: Dot, escaped: Bool, of model: Model, into output: inout ByteBuffer) {
        switch found {
        case .value(.text(let text)): write(text, escaped: escaped, into: &output)
        case .value(.number(let number)): output.writeDecimal(number)
        case .value(.decimal(let decimal)): output.writeString(String(describing: decimal))
        case .value(.flag(let flag)): output.writeStaticString(flag ? "true" : "false")
        case .written(let owner, let name): owner.model.write(name, into: &output)
        case .writtenByModel(let name): model.write(name, into: &output)
        case .value(.missing), .value(.object), .value(.list), .value(.texts), .value(.written), .model: break
        }
    }

    /// A section over a model: its names first, then `outer`'s, then those outside.
    private func renderInside<Inner: TemplateModel, Outer: TemplateModel>(
        _ body: Range<Int>, _ inner: Inner, around outer: Outer, outside: Outside, into output: inout ByteBuffer
    ) throws(TemplateError) {
        let around: Outside = { name throws(TemplateError) in try Self.find(name, in: outer, outside: outside) }
        try render(body, in: inner, dot: .model, outside: around, into: &output)
    }

    /// A name asked of a model outside the section, then of those outside it. A model that
    /// has the name with no value now (`.missing`) passes it on outwards, as Mustache reads a
    /// nil; nil means no model on the way out has the name at all.
    private static func find<Model: TemplateModel>(_ name: TemplateName, in model: Model, outside: Outside) throws(TemplateError) -> Dot? {
        switch model.templateValue(name) {
        case nil: try outside(name)
        case .missing?: try outside(name) ?? .value(.missing)
        case .written?: .written(TemplateObject(model), name)
        case let value?: .value(value)
        }
    }

    /// What `key` stands for inside `model`: `.` is the section's own value; a name is asked
    /// of the model, then of those outside; each part of a dotted name after the first is
    /// asked of the model the part before named.
    private func lookUp<Model: TemplateModel>(_ key: Key, in model: Model, dot: Dot, outside: Outside) throws(TemplateError) -> Dot {
        switch key {
        case .dot: return dot
        case .name(let name): return try lookUp(name, in: model, outside: outside)
        case .path(let index):
            let parts = paths[index]
            var found = try lookUp(parts[0], in: model, outside: outside)
            for part in parts.dropFirst() {
                guard case .value(.object(let object)) = found else { return .value(.missing) }
                guard let next = object.model.templateValue(part) else { throw unknown(part, in: object.model) }
                if case .written = next { return .written(object, part) }
                found = .value(next)
            }
            return found
        }
    }

    private func lookUp<Model: TemplateModel>(_ name: TemplateName, in model: Model, outside: Outside) throws(TemplateError) -> Dot {
        switch model.templateValue(name) {
        case nil:
            guard let found = try outside(name) else { throw unknown(name, in: nil) }
            return found
        case .missing?: return try outside(name) ?? .value(.missing)
        case .written?: return .writtenByModel(name)
        case let value?: return .value(value)
        }
    }

    private func unknown(_ name: TemplateName, in model: (any TemplateModel)?) -> TemplateError {
        let whose = model.map { " of \(type(of: $0))" } ?? ""
        return TemplateError(description: "template \(self.name): no value named \(name.rawValue)\(whose)")
    }

    /// How a name no model of the section has is found: in the models outside it, innermost
    /// first. A closure that is never stored, so the chain costs no allocation.
    typealias Outside = (TemplateName) throws(TemplateError) -> Dot?

    /// What a name (or `{{.}}`) stands for: the section's model itself, a value, text a model
    /// outside writes under a name, or text the section's own model writes.
    enum Dot {
        case model
        case value(TemplateValue)
        case written(TemplateObject, TemplateName)
        case writtenByModel(TemplateName)

        /// Whether a section over this is shown (an inverted section shows when not).
        var shows: Bool {
            switch self {
            case .value(.missing): false
            case .value(.flag(let flag)): flag
            case .value(.list(let list)): !list.isEmpty
            case .value(.texts(let texts)): !texts.isEmpty
            case .value(.text), .value(.number), .value(.decimal), .value(.object), .value(.written), .written, .writtenByModel, .model:
                true
            }
        }
    }
}

/// A list of models of one type, kept unboxed: each element is rendered by a walk made for
/// its type.
struct TemplateList {
    let isEmpty: Bool
    private let renderEach: (TypedTemplate, Range<Int>, TypedTemplate.Outside, inout ByteBuffer) throws(TemplateError) -> Void

    init<Elements: Collection>(_ elements: Elements) where Elements.Element: TemplateModel {
        isEmpty = elements.isEmpty
        renderEach = { template, body, outside, output throws(TemplateError) in
            for element in elements { try template.render(body, in: element, dot: .model, outside: outside, into: &output) }
        }
    }

    /// `body` once per element, each element's names first, then `around`'s.
    func render(
        _ template: TypedTemplate, _ body: Range<Int>, around: TypedTemplate.Outside, _ output: inout ByteBuffer
    ) throws(TemplateError) {
        try renderEach(template, body, around, &output)
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
