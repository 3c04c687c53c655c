/// A value that is written as one text in a fixed ISO layout, wherever it goes: JSON (this
/// Codable form), the database (DaybookStore maps it to its column the same way).
public protocol ISOText: Codable {
    /// `nil` for text that is not exactly this type's layout.
    init?(isoText: String)
    var isoText: String { get }
    /// The layout, for error messages: `YYYY-MM-DD`.
    static var isoLayout: String { get }
}

extension ISOText {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(isoText: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a \(Self.isoLayout) text: \(text)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isoText)
    }
}
