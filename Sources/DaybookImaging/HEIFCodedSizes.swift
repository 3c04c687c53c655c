/// The frame sizes a HEIF file's HEVC images are coded at, read from the sequence parameter
/// sets in their `hvcC` properties, against the sizes its `ispe` properties declare.
///
/// The pixel limit and the decode budget read the declared size, but the HEVC decoder
/// allocates for the coded one: a file whose `ispe` says 300×300 over a stream coded at
/// 3000×3000 would pass a one-megapixel limit and be decoded at nine. So no image may be coded
/// larger than the largest declared size, with room for the decoder's rounding up to whole
/// coding blocks (`slack`, which the conformance window crops again).
enum HEIFCodedSizes {
    /// HEVC codes in blocks of up to 64 pixels.
    static let slack = 64
    /// Property boxes read at most: a phone's HEIC has a few hundred.
    static let maxProperties = 1 << 16

    /// The first coded frame larger than every declared one, with the largest declared size.
    static func oversized(_ bytes: UnsafeBufferPointer<UInt8>) -> (coded: FrameSize, declared: FrameSize)? {
        guard let properties = propertyContainer(bytes) else { return nil }
        var declared = FrameSize(width: 0, height: 0)
        var coded: [FrameSize] = []
        var walker = ISOBoxWalker(bytes, in: properties)
        var count = 0
        while case .box(let box)? = walker.next(), count < maxProperties {
            count += 1
            let content = UnsafeBufferPointer(rebasing: bytes[box.content])
            switch box.type {
            case "ispe" where content.count >= 12:
                let width = Int(ISOBoxes.bigEndian(content, at: 4, width: 4))
                let height = Int(ISOBoxes.bigEndian(content, at: 8, width: 4))
                declared = FrameSize(width: max(declared.width, width), height: max(declared.height, height))
            case "hvcC":
                coded += HEVCConfiguration.pictureSizes(content)
            default: break
            }
        }
        guard declared.width > 0, declared.height > 0 else { return nil }
        // Compared side by side, longer with longer: some writers declare the size as shown,
        // after an `irot` quarter turn, rather than as coded.
        let bound = (max(declared.width, declared.height) + slack, min(declared.width, declared.height) + slack)
        let over = coded.first { max($0.width, $0.height) > bound.0 || min($0.width, $0.height) > bound.1 }
        return over.map { ($0, declared) }
    }

    /// `meta` → `iprp` → `ipco`: the range of the property boxes.
    private static func propertyContainer(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let meta = child("meta", of: 0..<bytes.count, in: bytes), meta.content.count >= 4,
            let iprp = child("iprp", of: (meta.contentStart + 4)..<meta.end, in: bytes),
            let ipco = child("ipco", of: iprp.content, in: bytes)
        else { return nil }
        return ipco.content
    }

    private static func child(_ type: String, of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> ISOBox? {
        var walker = ISOBoxWalker(bytes, in: range)
        while case .box(let box)? = walker.next() {
            if box.type == type { return box }
        }
        return nil
    }
}

/// An `hvcC` box's parameter sets (ISO/IEC 14496-15): the picture size of each sequence
/// parameter set it carries.
enum HEVCConfiguration {
    static let spsType: UInt8 = 33

    static func pictureSizes(_ content: UnsafeBufferPointer<UInt8>) -> [FrameSize] {
        // 22 bytes of profile, level and format fields, then the count of NAL unit arrays.
        guard content.count > 23 else { return [] }
        var offset = 23
        var sizes: [FrameSize] = []
        for _ in 0..<Int(content[22]) {
            guard offset + 3 <= content.count else { break }
            let type = content[offset] & 0x3F
            let units = Int(ISOBoxes.bigEndian(content, at: offset + 1, width: 2))
            offset += 3
            for _ in 0..<units {
                guard offset + 2 <= content.count else { return sizes }
                let length = Int(ISOBoxes.bigEndian(content, at: offset, width: 2))
                offset += 2
                guard offset + length <= content.count else { return sizes }
                if type == spsType,
                    let size = SequenceParameterSet.pictureSize(UnsafeBufferPointer(rebasing: content[offset..<offset + length]))
                {
                    sizes.append(size)
                }
                offset += length
            }
        }
        return sizes
    }
}

/// The start of an HEVC sequence parameter set (ITU-T H.265, 7.3.2.2), read as far as the
/// picture's width and height.
enum SequenceParameterSet {
    static func pictureSize(_ unit: UnsafeBufferPointer<UInt8>) -> FrameSize? {
        // The two-byte NAL unit header, then the payload without its emulation prevention bytes.
        var payload: [UInt8] = []
        payload.reserveCapacity(min(unit.count, 256))
        var zeros = 0
        for byte in unit.dropFirst(2).prefix(256) {
            if zeros >= 2 && byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            payload.append(byte)
        }
        var bits = BitReader(payload)
        bits.skip(4)  // sps_video_parameter_set_id
        guard let maxSubLayersMinus1 = bits.read(3) else { return nil }
        bits.skip(1)  // sps_temporal_id_nesting_flag
        // profile_tier_level: the general profile (88 bits) and level (8).
        bits.skip(96)
        var subLayers: [(profile: Bool, level: Bool)] = []
        for _ in 0..<maxSubLayersMinus1 {
            guard let profile = bits.read(1), let level = bits.read(1) else { return nil }
            subLayers.append((profile == 1, level == 1))
        }
        if maxSubLayersMinus1 > 0 { bits.skip(2 * (8 - maxSubLayersMinus1)) }
        for layer in subLayers {
            if layer.profile { bits.skip(88) }
            if layer.level { bits.skip(8) }
        }
        guard bits.readExpGolomb() != nil, let chroma = bits.readExpGolomb() else { return nil }  // sps_seq_parameter_set_id
        if chroma == 3 { bits.skip(1) }  // separate_colour_plane_flag
        guard let width = bits.readExpGolomb(), let height = bits.readExpGolomb(), width > 0, height > 0 else { return nil }
        return FrameSize(width: width, height: height)
    }
}

/// Most-significant-bit-first reading of a byte string; nil past its end.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skip(_ count: Int) {
        position += count
    }

    mutating func read(_ count: Int) -> Int? {
        guard count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position / 8] >> (7 - position % 8) & 1)
            position += 1
        }
        return value
    }

    /// An unsigned Exp-Golomb code, ue(v); nil past the end or beyond 31 leading zeros.
    mutating func readExpGolomb() -> Int? {
        var zeros = 0
        while true {
            guard let bit = read(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            guard zeros <= 31 else { return nil }
        }
        guard let rest = read(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }
}
