import Foundation

/// `value` with `decimals` digits after the point; "-" when it is not a number (a median of
/// nothing, a ratio over zero).
package func fixed(_ value: Double, _ decimals: Int) -> String {
    value.isFinite ? String(format: "%.\(decimals)f", value) : "-"
}

/// A plain text table: first column left-aligned, the others right-aligned, a rule of dashes
/// under the header.
package func table(_ header: [String], _ rows: [[String]], indent: String = "  ") -> String {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all {
        for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
    }
    func line(_ row: [String]) -> String {
        let cells = row.enumerated().map { i, cell in
            let pad = String(repeating: " ", count: widths[i] - cell.count)
            return i == 0 ? cell + pad : pad + cell
        }
        return indent + cells.joined(separator: "  ")
    }
    var text = [line(header), indent + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
    text += rows.map(line)
    return text.joined(separator: "\n")
}
