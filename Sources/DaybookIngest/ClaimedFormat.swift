import DaybookImaging

/// The format a file's name claims, for the words of a file that turns out to be none of the
/// formats Daybook reads: an HTML page saved as `clip.mov` is "not a QuickTime movie (looks
/// like HTML/text)", not "not a JPEG". The reader is still chosen by the bytes (`FileKind`);
/// the name only says what the person expected. The words in parentheses are FileSignature's:
/// what the bytes look like ("PDF document", "ISO media file, brand 'M4A'").
enum ClaimedFormat {
    /// "a QuickTime movie", "an MP4 video"; nil for a JPEG's names, whose words FileSignature
    /// gives. A name that claims nothing Daybook reads (`notes.txt`, no extension) makes the
    /// file "not a photo or video": nothing said it was a JPEG.
    static func phrase(forPath path: String) -> String? {
        switch SkipKind.fileExtension(path) {
        case "jpg", "jpeg", "jpe", "jfif": nil
        case "mov": "a QuickTime movie"
        case "mp4", "m4v": "an MP4 video"
        case "3gp": "a 3GPP video"
        case "heic", "heif", "hif": "a HEIF image"
        case "avif": "an AVIF image"
        case "png": "a PNG image"
        case "webp": "a WebP image"
        case "gif": "a GIF image"
        default: "a photo or video"
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
