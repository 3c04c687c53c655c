import Foundation

/// Why a journal file cannot be read or written: one line naming the file and, when the
/// fault is on a line of it, that line, as compilers say it (`FILE:LINE: reason`).
public struct JournalFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the library when it is one of the journal's; nil while parsing bytes
    /// that came from no file yet.
    public var path: String?
    /// 1-based; nil when the fault is the whole file (its size, its encoding).
    public var line: Int?
    public var reason: String

    public init(path: String? = nil, line: Int? = nil, _ reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String {
        let place = [path, line.map { String($0) }].compactMap { $0 }.joined(separator: ":")
        return place.isEmpty ? reason : "\(place): \(reason)"
    }

    func naming(_ path: String) -> JournalFileError { JournalFileError(path: path, line: line, reason) }
}
