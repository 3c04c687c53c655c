/// Why a camera RAW file gave no pixels. `description` is one human line for per-file reports.
package enum RAWError: Error, Sendable, Equatable, CustomStringConvertible {
    /// LibRaw could not read the file at all.
    case unreadable(String)
    /// The file carries no embedded preview.
    case noPreview
    /// The preview's declared place lies past the end of the file.
    case previewOutsideFile(length: Int, fileSize: Int)
    /// A preview is there but Daybook cannot use it (not a JPEG, too small, …).
    case noUsablePreview(String)

    /// A file that opens but has no picture Daybook can show: stored with its metadata only.
    package var leavesMetadata: Bool {
        if case .unreadable = self { return false }
        return true
    }

    package var description: String {
        let text: String
        switch self {
        case .unreadable(let detail):
            text = "unreadable camera RAW file (LibRaw: \(detail))"
        case .noPreview:
            text = "camera RAW without an embedded preview (Daybook shows RAW files by their preview, it does not develop them)"
        case .previewOutsideFile(let length, let size):
            text = "camera RAW whose embedded preview (\(length) bytes) lies past the end of the \(size)-byte file"
        case .noUsablePreview(let detail):
            text = "camera RAW without a usable embedded preview: \(detail)"
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
