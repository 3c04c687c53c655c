/// Why a file gave no thumbnail. `description` is one human line for per-file error reports.
package enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JPEG data at all: what it looks like instead ("empty file", "not a JPEG (PNG
    /// signature)"), or libjpeg's own text.
    case notJPEG(String)
    /// More pixels than the limit, or more decode memory (a progressive JPEG keeps its whole
    /// frame); refused from the header, before anything sized by the frame was allocated.
    case tooLarge(LimitExceeded)
    /// The data ends before the image does. No pixels: libjpeg would grey-fill the rest.
    case truncated(FrameSize, String)
    /// libjpeg gave up; the frame size is known when the header was readable.
    case corrupt(FrameSize?, String)
    case encodeFailed(String)

    package var frameSize: FrameSize? {
        switch self {
        case .tooLarge(let limit): return limit.frameSize
        case .truncated(let frame, _): return frame
        case .corrupt(let frame, _): return frame
        case .notJPEG, .encodeFailed: return nil
        }
    }

    package var description: String {
        let text: String
        switch self {
        case .notJPEG(let what):
            text = Self.lowercasingFirst(what)
        case .tooLarge(let limit):
            text = limit.description
        case .truncated(_, let detail):
            text = "truncated image data (\(detail))"
        case .corrupt(_, let detail):
            // "JPEG datastream contains no image" already says what is wrong; libjpeg's other
            // texts ("Bogus marker length") need the context.
            text = detail.hasPrefix("JPEG ") ? detail : "corrupt JPEG: \(detail)"
        case .encodeFailed(let detail):
            text = "could not encode JPEG: \(detail)"
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase else { return text }
        // Keep acronyms ("JPEG …", "PNG …") as written.
        if let second = text.dropFirst().first, second.isUppercase { return text }
        return first.lowercased() + text.dropFirst()
    }
}
