import Foundation

/// The name an uploaded file is kept under, made from the `X-Daybook-File-Name` a client
/// sent. That name is hostile: it may hold a path (`../../.ssh/x`, `C:\x`), control
/// characters, a leading dot that would hide the file from `watch`, or be thousands of bytes
/// long. What is kept is a base name of letters, digits, `-`, `_`, `.` and spaces, never a
/// path, never hidden, at most `longest` bytes, with the extension of what the bytes are.
struct SafeFileName: Sendable, Equatable {
    /// The name without its extension, and the extension (without its dot).
    let stem: String
    let fileExtension: String

    static let longest = 100

    /// `sent` is the header's value, still percent-encoded; `kindExtension` is what the first
    /// bytes say the file is ("jpg", "heic"), which wins over the name's own extension
    /// whenever they disagree (a HEIC named .jpg is stored as .heic).
    init(sent: String?, kindExtension: String) {
        let decoded = sent.flatMap { $0.removingPercentEncoding } ?? ""
        // Both separators: a name from Windows arrives with backslashes.
        let base = decoded.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var kept = ""
        for scalar in base.unicodeScalars {
            let allowed = CharacterSet.alphanumerics.contains(scalar) || "-_. ".unicodeScalars.contains(scalar)
            kept.unicodeScalars.append(allowed ? scalar : "_")
        }
        var stem = kept
        var sentExtension = ""
        if let dot = kept.lastIndex(of: "."), dot != kept.startIndex {
            stem = String(kept[..<dot])
            sentExtension = String(kept[kept.index(after: dot)...])
        }
        stem = stem.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        while stem.utf8.count > Self.longest { stem.removeLast() }
        self.stem = stem.isEmpty ? "upload" : stem
        // The sent spelling stays (IMG_0001.HEIC) when it names the same kind.
        let sameKind = Self.extensionsOfKind[kindExtension, default: [kindExtension]].contains(sentExtension.lowercased())
        fileExtension = sameKind ? sentExtension : kindExtension
    }

    /// The name, or for `attempt` 2, 3, … the name with " 2", " 3" before its extension: a
    /// second photo called IMG_0001.jpg never replaces the first.
    func name(attempt: Int = 1) -> String {
        (attempt == 1 ? stem : "\(stem) \(attempt)") + "." + fileExtension
    }

    /// The other spellings a name may use for a kind of file.
    private static let extensionsOfKind: [String: Set<String>] = [
        "jpg": ["jpg", "jpeg", "jpe"], "heic": ["heic", "heif", "hif"], "mp4": ["mp4", "mov", "m4v", "3gp", "3g2"],
        "avif": ["avif"], "png": ["png"], "webp": ["webp"], "gif": ["gif"],
    ]
}
