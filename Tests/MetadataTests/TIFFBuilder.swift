/// A minimal JPEG (SOI, APP1, EOI) around a hand-made little-endian TIFF block: IFD0, and
/// an Exif IFD and a GPS IFD when they have entries. Values are written after the IFDs,
/// each in exactly the format given, so a test can store a tag in any TIFF format.
struct TIFFBuilder {
    enum Value {
        case ascii(String)
        case short(UInt16)
        case byte(UInt8)
        case rationals([(UInt32, UInt32)])
        case long(UInt32)
        case srationals([(Int32, Int32)])
        case shorts([UInt16])
        case longs([UInt32])
        case sshorts([Int16])
        case floats([Float])
        case doubles([Double])
        case undefined([UInt8])

        /// TIFF type code, component count and little-endian payload.
        var encoded: (type: UInt16, count: UInt32, payload: [UInt8]) {
            switch self {
            case .ascii(let s): let bytes = Array(s.utf8) + [0]; return (2, UInt32(bytes.count), bytes)
            case .short(let v): return Value.shorts([v]).encoded
            case .byte(let v): return (1, 1, [v])
            case .long(let v): return Value.longs([v]).encoded
            case .rationals(let list): return (5, UInt32(list.count), list.flatMap { le32($0.0) + le32($0.1) })
            case .srationals(let list):
                return (10, UInt32(list.count), list.flatMap { le32(UInt32(bitPattern: $0.0)) + le32(UInt32(bitPattern: $0.1)) })
            case .shorts(let list): return (3, UInt32(list.count), list.flatMap(le16))
            case .longs(let list): return (4, UInt32(list.count), list.flatMap(le32))
            case .sshorts(let list): return (8, UInt32(list.count), list.flatMap { le16(UInt16(bitPattern: $0)) })
            case .floats(let list): return (11, UInt32(list.count), list.flatMap { le32($0.bitPattern) })
            case .doubles(let list):
                return (12, UInt32(list.count), list.flatMap { v in (0..<8).map { UInt8((v.bitPattern >> (8 * $0)) & 0xff) } })
            case .undefined(let bytes): return (7, UInt32(bytes.count), bytes)
            }
        }
    }

    var ifd0: [(UInt16, Value)] = []
    var exif: [(UInt16, Value)] = []
    var gps: [(UInt16, Value)] = []

    func jpeg() -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        var ifd0 = self.ifd0
        if ifd0.isEmpty && exif.isEmpty && gps.isEmpty { ifd0 = [(0x0112, .short(1))] }
        // Pointers are patched in after layout: reserve the entries now.
        if !exif.isEmpty { ifd0.append((0x8769, .long(0))) }
        if !gps.isEmpty { ifd0.append((0x8825, .long(0))) }
        // IFDs laid out back to back: IFD0, then the Exif and GPS IFDs that have entries.
        let ifds = [ifd0, exif, gps]
        let sizes = ifds.map { $0.isEmpty ? 0 : 2 + 12 * $0.count + 4 }
        let ifdOffsets = [8, 8 + sizes[0], 8 + sizes[0] + sizes[1]]
        var dataOffset = 8 + sizes.reduce(0, +)
        var extra: [UInt8] = []
        for (index, entries) in ifds.enumerated() where !entries.isEmpty {
            precondition(tiff.count == ifdOffsets[index])
            tiff += le16(UInt16(entries.count))
            for (tag, value) in entries {
                var (type, count, payload) = value.encoded
                if tag == 0x8769 { payload = le32(UInt32(ifdOffsets[1])) }
                if tag == 0x8825 { payload = le32(UInt32(ifdOffsets[2])) }
                tiff += le16(tag) + le16(type) + le32(count)
                if payload.count <= 4 {
                    tiff += payload + [UInt8](repeating: 0, count: 4 - payload.count)
                } else {
                    tiff += le32(UInt32(dataOffset))
                    extra += payload
                    dataOffset += payload.count
                }
            }
            tiff += le32(0)
        }
        tiff += extra
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        let length = app1.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xff)] + app1 + [0xFF, 0xD9]
    }
}

private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xff) } }
