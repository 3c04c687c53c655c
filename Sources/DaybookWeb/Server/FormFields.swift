import Foundation

/// Fields of a query string or of an `application/x-www-form-urlencoded` body, in order.
/// `+` is a space and `%XX` a byte, as browsers write them; a field that does not decode
/// as UTF-8 is dropped.
struct FormFields: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(_ encoded: String?) {
        for part in (encoded ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(halves[0]) else { continue }
            guard let value = halves.count > 1 ? Self.decode(halves[1]) : "" else { continue }
            pairs.append((name, value))
        }
    }

    init(pairs: [(String, String)]) { self.pairs = pairs.map { (name: $0.0, value: $0.1) } }

    func first(_ name: String) -> String? { pairs.first { $0.name == name }?.value }
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
