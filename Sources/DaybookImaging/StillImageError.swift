/// Why a PNG, WebP or GIF file gave no pixels. `description` is one human line for per-file
/// reports; the decoders' own texts are kept in it, never a raw control character.
package enum StillImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The decoder could not read the file's structure (a bad signature or header, a chunk
    /// past the end).
    case unreadable(format: String, detail: String)
    /// The file stops before its image data does.
    case truncated(format: String, detail: String)
    /// The image declares more pixels than the limit (nothing sized by the frame was
    /// allocated), or a text chunk inflates past its limit (a decompression bomb).
    case tooLarge(LimitExceeded)
    /// The image data would not decode.
    case corrupt(format: String, FrameSize?, String)

    package var frameSize: FrameSize? {
        switch self {
        case .tooLarge(let limit): return limit.frameSize
        case .corrupt(_, let frame, _): return frame
        case .unreadable, .truncated: return nil
        }
    }

    package var description: String {
        let text: String
        switch self {
        case .unreadable(let format, let detail):
            text = "unreadable \(format) file (\(detail))"
        case .truncated(let format, let detail):
            text = "truncated \(format) file (\(detail))"
        case .tooLarge(let limit):
            text = limit.description
        case .corrupt(let format, _, let detail):
            text = "corrupt \(format) image: \(detail)"
        }
        let printable = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : String($0) }.joined()
        return printable
    }
}
