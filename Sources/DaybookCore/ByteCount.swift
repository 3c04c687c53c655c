import Foundation

/// A size in bytes as every output of Daybook writes it, in decimal units (docs/formats.md,
/// "Units"): a kB is 1,000 bytes and an MB 1,000,000, as file managers and `ls -h --si` show
/// file sizes and as `--max-decode-mb` counts, so a size reads the same everywhere.
package enum ByteCount {
    /// "512 bytes", "2.8 kB", "1.8 MB", "1.2 GB": one decimal from a kilobyte up.
    package static func text(_ bytes: Int64) -> String {
        let value = Double(bytes)
        if bytes >= 1_000_000_000 { return String(format: "%.1f GB", value / 1e9) }
        if bytes >= 1_000_000 { return String(format: "%.1f MB", value / 1e6) }
        if bytes >= 1000 { return String(format: "%.1f kB", value / 1e3) }
        return "\(bytes) bytes"
    }

    /// `text(_:)` for an `Int`.
    package static func text(_ bytes: Int) -> String { text(Int64(bytes)) }

    /// "2.4 MB (2,514,036 bytes)": the short size with the exact count, digits grouped by
    /// thousands; the count alone below a kilobyte.
    package static func exact(_ bytes: Int64) -> String {
        let digits = Array(String(bytes))
        let grouped = digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
        }.joined()
        let count = grouped + " bytes"
        return bytes >= 1000 ? "\(text(bytes)) (\(count))" : count
    }
}
