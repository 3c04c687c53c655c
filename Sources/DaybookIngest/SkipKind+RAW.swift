import Foundation

extension SkipKind {
    /// Whether a file's name says it is a camera RAW, for words about it (a page saying why it
    /// shows no picture); the reading itself goes by the bytes.
    package static func isRAW(path: String) -> Bool {
        rawExtensions.contains(fileExtension((path as NSString).lastPathComponent))
    }
}
