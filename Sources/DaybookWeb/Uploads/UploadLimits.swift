import DaybookCore
import Foundation

/// What `POST /uploads` takes: the largest file, and how long a transfer may send nothing
/// before it is dropped (a phone that walked out of the Wi-Fi holds a connection and a
/// half-written file until then).
package struct UploadLimits: Sendable, Equatable {
    /// Below the ingester's own ceiling on a file's size, so a file taken here is not
    /// refused by it for its size alone.
    package static let defaultMaxBytes = 500_000_000
    package static let defaultStallSeconds = 30

    package var maxBytes = defaultMaxBytes
    package var stallSeconds = defaultStallSeconds

    package init() {}

    /// "500 MB", as every size daybook writes (decimal units).
    package static func describe(_ bytes: Int) -> String {
        if bytes % 1_000_000_000 == 0 { return "\(bytes / 1_000_000_000) GB" }
        if bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
        return ByteCount.text(bytes)
    }

    /// `--max-upload`: a count of bytes with an optional decimal unit, "800M", "2G", "750MB",
    /// "1000000"; nil for anything else or for less than a kilobyte.
    package static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        if digits.hasSuffix("B"), digits.count > 1, !digits.dropLast().last!.isNumber { digits = digits.dropLast() }
        let units: [Character: Int] = ["K": 1_000, "M": 1_000_000, "G": 1_000_000_000]
        var scale = 1
        if let last = digits.last, let unit = units[last] {
            scale = unit
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow || bytes < 1_000 ? nil : bytes
    }
}
