/// Daybook's one reader and writer of date text.
///
/// Every date form Daybook reads is fixed-width: digit fields between separators (EXIF's
/// `YYYY:MM:DD HH:MM:SS`, the store's `YYYY-MM-DDTHH:MM:SS`, the command line's
/// `YYYY-MM-DD`, `YYYY-MM` and `MM-DD`, EXIF offsets `+HH:MM`). So one small layout matcher
/// reads them all, byte by byte, without Foundation's formatters (which depend on locale
/// and accept more than they should). The types in this module say which layouts they use.
package enum DateText {
    /// `value` in decimal, zero-padded to `width` digits: `padded(7)` is "07".
    package static func padded(_ value: Int, width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The numbers in `text` read against `layout`, in which each run of `#` is a number of
    /// that many ASCII digits and any other character must be itself, or, at index `i`, one
    /// of `alternatives[i]`. `nil` unless the whole text fits the whole layout.
    package static func numbers(_ text: some StringProtocol, layout: String, alternatives: [Int: String] = [:]) -> [Int]? {
        var text = String(text)
        var layout = layout
        // Contiguous UTF-8 on both sides (native strings already are): the store reads a date
        // per row, so this stays a plain loop over bytes.
        return text.withUTF8 { bytes in
            layout.withUTF8 { pattern in numbers(bytes, pattern, alternatives) }
        }
    }

    private static func numbers(
        _ bytes: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>,
        _ alternatives: [Int: String]
    ) -> [Int]? {
        guard bytes.count == pattern.count else { return nil }
        var numbers: [Int] = []
        numbers.reserveCapacity(6)
        var current = -1
        for index in 0..<bytes.count {
            let byte = bytes[index], expected = pattern[index]
            if expected == UInt8(ascii: "#") {
                guard byte >= 48, byte <= 57 else { return nil }
                current = max(current, 0) * 10 + Int(byte - 48)
                continue
            }
            if current >= 0 { numbers.append(current); current = -1 }
            guard byte == expected || alternatives[index]?.utf8.contains(byte) == true else { return nil }
        }
        if current >= 0 { numbers.append(current) }
        return numbers
    }
}

extension String {
    /// The text without the spaces, tabs, line breaks and NULs around it (EXIF writers pad
    /// fixed-size fields with either).
    package var trimmingSpaces: String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\0" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isPadding($0) }),
            let last = lastIndex(where: { !isPadding($0) })
        else { return "" }
        return String(self[first...last])
    }
}
