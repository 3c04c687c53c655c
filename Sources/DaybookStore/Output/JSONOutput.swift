import Foundation

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
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(value)
    }
}
