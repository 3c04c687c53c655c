/// Why a photo gave no pixels, whatever its format. `description` is one human line.
package enum PhotoDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a photo at all, in FileSignature's words ("not a JPEG (PDF document)").
    case notAPhoto(String)
    /// A photo format Daybook recognises but does not decode (AVIF).
    case unsupportedFormat(String)
    case jpeg(ImagingError)
    case heif(HEIFError)
    case raw(RAWError)
    case still(StillImageError)
    case video(VideoError)

    /// The photo's frame when its header was readable.
    package var frameSize: FrameSize? {
        switch self {
        case .jpeg(let error): return error.frameSize
        case .heif(let error): return error.frameSize
        case .still(let error): return error.frameSize
        case .video(let error): return error.frameSize
        case .notAPhoto, .unsupportedFormat, .raw: return nil
        }
    }

    /// The limit the photo is over, when it was refused for its size before anything of that
    /// size was allocated, whatever its format.
    package var limitExceeded: LimitExceeded? {
        switch self {
        case .jpeg(.tooLarge(let limit)), .heif(.tooLarge(let limit)), .still(.tooLarge(let limit)), .video(.tooLarge(let limit)):
            return limit
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case .notAPhoto(let text), .unsupportedFormat(let text): return text
        case .jpeg(let error): return error.description
        case .heif(let error): return error.description
        case .raw(let error): return error.description
        case .still(let error): return error.description
        case .video(let error): return error.description
        }
    }
}
