import DaybookStore
import Foundation
import Synchronization

/// Daybook's one JSON writer: every `--json` output and `export json` go through it (and so
/// will the web API's answers), so they share one shape: snake_case keys, sorted, indented,
/// slashes unescaped.
package enum JSONOutput {
    /// The version of the documented output (docs/json-schema.md). It changes only when a
    /// field is removed or changes meaning; added fields keep it.
    package static let schemaVersion = 1

    package static func data<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if !(value is any SnakeCaseKeyed) {
            encoder.keyEncodingStrategy = .custom { path in SnakeCaseKey.of(path[path.count - 1]) }
        }
        return try encoder.encode(value)
    }
}

/// A value whose keys, all the way down, are written out in snake_case by its own coding keys,
/// with no dictionary (whose keys would come from data): `JSONOutput` writes it without a key
/// strategy. A custom strategy makes the encoder build each key's coding path and call back
/// for every key of every entry, a cost that a long `list --json` pays thousands of times.
/// Tests/PresentationTests/SnakeCaseKeyedTests.swift holds each one to the strategy's bytes.
package protocol SnakeCaseKeyed: Encodable {}

extension Array: SnakeCaseKeyed where Element: SnakeCaseKeyed {}

/// The store writes an entry's documented names itself (`EntryOutput.WrittenKey`).
extension EntryOutput: SnakeCaseKeyed {}

/// `JSONEncoder`'s `.convertToSnakeCase`, remembered: the strategy converts each of an entry's
/// keys again for every entry of a list. The conversion itself is the encoder's own, so the
/// keys stay byte for byte the same.
struct SnakeCaseKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// Keys come from the code, and from data only as a dictionary's keys (tag names): the
    /// memory stops growing at this many.
    static let remembered = 512
    private static let known = Mutex<[String: SnakeCaseKey]>([:])
    static var rememberedCount: Int { known.withLock { $0.count } }

    static func of(_ key: any CodingKey) -> any CodingKey {
        if key.intValue != nil { return key }
        if let converted = known.withLock({ $0[key.stringValue] }) { return converted }
        let converted = SnakeCaseKey(stringValue: convert(key.stringValue))
        known.withLock { known in
            if known.count < remembered { known[key.stringValue] = converted }
        }
        return converted
    }

    /// The encoder's own conversion of one key, read back from the one-key object it writes.
    private static func convert(_ name: String) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(OneKey(name: name)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Int], let converted = object.keys.first
        else { return name }
        return converted
    }

    private struct OneKey: Encodable {
        let name: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SnakeCaseKey.self)
            try container.encode(0, forKey: SnakeCaseKey(stringValue: name))
        }
    }
}
