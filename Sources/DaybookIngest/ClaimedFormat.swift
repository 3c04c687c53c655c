import DaybookImaging

/// The format a file's name claims, for the words of a file that turns out to be none of the
/// formats Daybook reads: an HTML page saved as `clip.mov` is "not a QuickTime movie (looks
/// like HTML/text)", not "not a JPEG". The reader is still chosen by the bytes (`FileKind`);
/// the name only says what the person expected.
enum ClaimedFormat {
    /// "a QuickTime movie", "an MP4 video"; nil for a JPEG's names and for names that claim
    /// nothing Daybook reads (FileSignature's words, about a JPEG, stay then).
    static func phrase(forPath path: String) -> String? {
        switch SkipKind.fileExtension(path) {
        case "mov": "a QuickTime movie"
        case "mp4", "m4v": "an MP4 video"
        case "3gp": "a 3GPP video"
        case "heic", "heif", "hif": "a HEIF image"
        case "avif": "an AVIF image"
        case "png": "a PNG image"
        case "webp": "a WebP image"
        case "gif": "a GIF image"
        default: nil
        }
    }

    /// `rejection` in the words of the format `path` claims, when it is a file of no known
    /// format ("not a JPEG (…)" becomes "not a QuickTime movie (…)"); any other rejection as it is.
    static func reword(_ rejection: Rejection, path: String) -> IngestError.Cause {
        guard case .decode(.notAPhoto(let words)) = rejection.cause, let claimed = phrase(forPath: path),
            words.hasPrefix(notJPEG)
        else { return rejection.cause }
        return .decode(.notAPhoto("not \(claimed)" + words.dropFirst(notJPEG.count)))
    }

    private static let notJPEG = "not a JPEG"
}
