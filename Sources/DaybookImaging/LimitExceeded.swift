import DaybookCore

/// A file refused for its size before anything of that size was allocated or decoded: what was
/// too large, and the limit it is over. Every format's "too large" is this one type, so a caller
/// asks one question of any decode failure, and each limit has one wording.
package enum LimitExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file itself holds more than `limit` bytes: it is not read at all.
    case fileBytes(Int, limit: Int)
    /// A still image's frame has more pixels than `limit`.
    case pixels(FrameSize, limit: Int)
    /// A video's frame has more pixels than `limit`.
    case videoPixels(FrameSize, limit: Int)
    /// Decoding would hold more memory than `limit` bytes (a progressive JPEG keeps its whole
    /// frame); refused from the header.
    case decodeMemory(DecodeCost, limit: Int)
    /// A text or metadata chunk inflates past `limit` bytes: a decompression bomb, refused
    /// before it is inflated any further.
    case inflatedText(format: String, limit: Int)
    /// A video declares a length no camera records.
    case videoLength(seconds: Double, limit: Double)
    /// A video's tracks declare more samples together than `limit`: an index no camera writes.
    case videoSamples(Int, limit: Int)

    /// The frame the header declared, when the limit was about its size.
    package var frameSize: FrameSize? {
        switch self {
        case .pixels(let frame, _), .videoPixels(let frame, _): frame
        case .decodeMemory(let cost, _): cost.frame
        case .fileBytes, .inflatedText, .videoLength, .videoSamples: nil
        }
    }

    package var description: String {
        switch self {
        case .fileBytes(let bytes, _):
            "file too large (\(ByteCount.text(bytes)))"
        case .pixels(let frame, let limit):
            "image too large: \(frame.width)×\(frame.height) (\(Self.megapixels(frame.width * frame.height)) MP) "
                + "is above the \(Self.megapixels(limit)) MP limit"
        case .videoPixels(let frame, let limit):
            "video frame \(frame.width)×\(frame.height) exceeds the \(limit)-pixel limit"
        case .decodeMemory(let cost, let limit):
            "\(cost.what) needs about \(DecodeCost.size(cost.bytes)) to decode, "
                + "over the \(DecodeCost.size(limit)) limit (--max-decode-mb)"
        case .inflatedText(let format, let limit):
            "\(format) text chunk inflates past \(DecodeCost.size(limit)) (a decompression bomb); refused"
        case .videoLength(let seconds, let limit):
            "video declares a length of \(Int(seconds)) s, beyond the \(Int(limit)) s limit"
        case .videoSamples(let samples, let limit):
            "video declares \(samples) samples in its tracks, beyond the \(limit)-sample limit"
        }
    }

    /// "3600", "12.2": whole megapixels plainly, otherwise to one decimal.
    static func megapixels(_ pixels: Int) -> String {
        if pixels % 1_000_000 == 0 {
            return "\(pixels / 1_000_000)"
        }
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
