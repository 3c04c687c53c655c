import Foundation

/// An `export json` file read without Daybook's own types, so that an export written by old
/// code can be held against today's key by key, even once today's types have changed.
struct ExportedJournal {
    struct Item {
        /// The item as exported: `entry`, `tags`, `removed_tags`, `weather`, `thumbnail`.
        let item: JSONValue
        var entry: JSONValue { item["entry"] ?? .null }
        var weather: JSONValue? { item["weather"] }
        var id: String { entry["id"]?.stringValue ?? "" }
        var text: String { entry["text"]?.stringValue ?? "" }
        var removedTags: Set<String> { Set(item["removed_tags"]?.arrayValue?.compactMap(\.stringValue) ?? []) }

        func tagNames(source: String) -> Set<String> {
            Set((item["tags"]?.arrayValue ?? []).filter { $0["source"]?.stringValue == source }.compactMap { $0["name"]?.stringValue })
        }

        /// The item with order that carries no meaning taken out: tags by name, removed tags sorted.
        var canonical: JSONValue {
            guard case .object(var fields) = item else { return item }
            var tags: [String: JSONValue] = [:]
            for tag in item["tags"]?.arrayValue ?? [] { tags[tag["name"]?.stringValue ?? ""] = tag }
            fields["tags"] = .object(tags)
            fields["removed_tags"] = .array(removedTags.sorted().map(JSONValue.string))
            return .object(fields)
        }
    }

    let format: Int
    /// By entry id: the order of items is the export's business.
    let items: [String: Item]

    init(data: Data) throws {
        let root = try JSONDecoder().decode(JSONValue.self, from: data)
        guard case .number(let format)? = root["format"], let items = root["items"]?.arrayValue else {
            throw CocoaError(.coderReadCorrupt)
        }
        self.format = Int(format)
        self.items = Dictionary(items.map { Item(item: $0) }.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The item of the photo named `file` (as it was ingested).
    func item(photo file: String) -> Item? {
        items.values.first { $0.entry["source_path"]?.stringValue?.hasSuffix("/" + file) == true }
    }
}

/// Any JSON value.
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): value.count > 60 ? "\"\(value.prefix(60))…\" (\(value.count) characters)" : "\"\(value)\""
        case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .object(let fields): "{\(fields.keys.sorted().joined(separator: ", "))}"
        }
    }

    /// Objects whose keys are names (a tag's), not fields: a key there is data, never a new field.
    static let keyedByName: Set<String> = ["tags"]

    /// Every difference from `old` to `new`, one line each, naming the path. A key only in
    /// `new` is allowed when `allowedNewKeys` holds its place ("entry.x", "tags.*.x", "x").
    static func differences(
        old: JSONValue, new: JSONValue, path: String, place: String = "",
        allowedNewKeys: Set<String>
    ) -> [String] {
        guard case .object(let oldFields) = old, case .object(let newFields) = new else {
            return old == new ? [] : ["\(path): was \(old), now \(new)"]
        }
        var found: [String] = []
        let byName = keyedByName.contains(place)
        for key in Set(oldFields.keys).union(newFields.keys).sorted() {
            let childPath = "\(path).\(key)"
            let childPlace = place.isEmpty ? key : byName ? "\(place).*" : "\(place).\(key)"
            switch (oldFields[key], newFields[key]) {
            case (let oldValue?, let newValue?):
                found += differences(old: oldValue, new: newValue, path: childPath, place: childPlace, allowedNewKeys: allowedNewKeys)
            case (let oldValue?, nil):
                found.append("\(childPath): lost (was \(oldValue))")
            case (nil, let newValue?) where byName || !allowedNewKeys.contains(childPlace):
                found.append(
                    "\(childPath): not in the old export, now \(newValue)"
                        + (byName ? "" : " (a new field? name \(childPlace) in fieldsAddedSince4686f56)"))
            default:
                break
            }
        }
        return found
    }
}
