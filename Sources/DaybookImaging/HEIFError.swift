import CHeif
import DaybookCore

/// Why a HEIF file gave no pixels. `description` is one human line for per-file reports.
package enum HEIFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libheif could not read the container (no `meta` box, an item outside the file, …).
    case unreadable(String)
    /// The file stops inside its top-level box `box`: cut short, or still being written.
    case truncated(box: String, fileSize: Int, declaredEnd: Int, detail: String)
    /// The primary image is coded with something this libheif cannot decode.
    case unsupportedCodec(String)
    /// The image declares more pixels than the limit; nothing was decoded.
    case tooLarge(LimitExceeded)
    /// The image data would not decode.
    case corrupt(FrameSize?, String)
    case encodeFailed(String)
    /// libheif is not installed (or not the version Daybook was built for): no HEIF file can be read.
    case libraryMissing(String)

    package var frameSize: FrameSize? {
        switch self {
        case .tooLarge(let limit): return limit.frameSize
        case .corrupt(let frame, _): return frame
        case .unreadable, .truncated, .unsupportedCodec, .encodeFailed, .libraryMissing: return nil
        }
    }

    package var description: String {
        let text: String
        switch self {
        case .unreadable(let detail):
            text = "unreadable HEIF file (libheif: \(detail))"
        case .truncated(let box, let size, let end, let detail):
            text = "truncated HEIF file: it ends at byte \(size), inside its '\(box)' box, which declares \(end) (libheif: \(detail))"
        case .unsupportedCodec(let detail):
            text = "HEIF image in a format this libheif cannot decode (libheif: \(detail))"
        case .tooLarge(let limit):
            text = limit.description
        case .corrupt(_, let detail):
            text = "corrupt HEIF image: \(detail)"
        case .encodeFailed(let detail):
            text = "could not encode JPEG: \(detail)"
        case .libraryMissing(let detail):
            text = "cannot read HEIF files: libheif is missing (\(detail)); install libheif1"
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// libheif's message for a failed call, nil when it succeeded.
    static func failure(_ error: heif_error) -> String? {
        guard error.code != heif_error_Ok else { return nil }
        let message = (error.message.map { String(cString: $0) } ?? "").trimmingSpaces
        return message.isEmpty ? "error \(error.code.rawValue).\(error.subcode.rawValue)" : message
    }

    /// Whether libheif refused for lack of a decoder, rather than for bad data.
    static func isUnsupported(_ error: heif_error) -> Bool {
        error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype
    }
}
