import NIOCore

/// Up to 256 bytes of a page gathered on the stack, then written to its ByteBuffer at once:
/// each ByteBuffer write checks capacity and exclusive access, and a tile's day and time alone
/// would be two dozen writes of a few bytes each. Appending past the room traps, so a
/// caller appends only pieces whose length it has bounded.
struct ShortBytes {
    static let capacity = 256
    private var storage:
        (
            (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
            (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
            (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
            (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        ) = (
            (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0)
        )
    private(set) var count = 0

    var remaining: Int { Self.capacity - count }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= remaining, "ShortBytes holds \(Self.capacity) bytes")
        let start = count
        withUnsafeMutableBytes(of: &storage) {
            UnsafeMutableRawBufferPointer(rebasing: $0[start..<start + bytes.count]).copyMemory(from: bytes)
        }
        count += bytes.count
    }

    /// `String(value)`'s digits: at most 20 bytes (`Int.min`).
    mutating func appendDecimal(_ value: Int) {
        guard value >= 0 else {
            var text = String(value)
            text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
            return
        }
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        precondition(digits <= remaining, "ShortBytes holds \(Self.capacity) bytes")
        rest = value
        let end = count + digits
        withUnsafeMutableBytes(of: &storage) { bytes in
            for index in stride(from: end - 1, through: end - digits, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        count = end
    }

    /// `DateText.padded(_:)`: two digits at least.
    mutating func appendPadded(_ value: Int) {
        if (0..<10).contains(value) { append("0") }
        appendDecimal(value)
    }

    func write(into output: inout ByteBuffer) {
        var storage = storage
        let count = count
        withUnsafeBytes(of: &storage) { output.writeBytes(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}
