/// Why a PNG, WebP or GIF file gave no pixels. `description` is one human line for per-file
/// reports; the decoders' own texts are kept in it, never a raw control character.
package enum StillImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The decoder could not read the file's structure (a bad signature or header, a chunk
    /// past the end).
    case unreadable(format: String, detail: String)
    /// The file stops before its image data does.
    case truncated(format: String, detail: String)
    /// The image declares more pixels than `limit`; nothing sized by the frame was allocated.
    case tooLarge(FrameSize, limit: Int)
    /// A text or metadata chunk that inflates past `limit` bytes: a decompression bomb,
    /// refused before it is inflated any further.
    case metadataTooLarge(format: String, limit: Int)
    /// The image data would not decode.
    case corrupt(format: String, FrameSize?, String)

    package var frameSize: FrameSize? {
        switch self {
        case .tooLarge(let frame, _): return frame
        case .corrupt(_, let frame, _): return frame
        case .unreadable, .truncated, .metadataTooLarge: return nil
        }
    }

    package var description: String {
        let text: String
        switch self {
        case .unreadable(let format, let detail):
            text = "unreadable \(format) file (\(detail))"
        case .truncated(let format, let detail):
            text = "truncated \(format) file (\(detail))"
        case .tooLarge(let frame, let limit):
            text = ImagingError.tooLarge(frame, limit: limit).description  // one wording for every format
        case .metadataTooLarge(let format, let limit):
            text =
                "\(format) text chunk inflates past \(DecodeCost.size(limit)) (a decompression bomb); refused"
        case .corrupt(let format, _, let detail):
            text = "corrupt \(format) image: \(detail)"
        }
        let printable = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : String($0) }.joined()
        return printable
    }
}
