import DaybookImaging
import Foundation

/// Why one file did not become an entry: a `code` to act on, the file's `path`, the error
/// underneath when there was one, and a one-line `description` ("PATH: REASON").
///
/// A struct with a `Code`, not an enum, in the manner of `StoreError`: a new kind of failure is
/// a new `Code` value, which breaks no client's `switch`. Its text is made in one place
/// (`Cause.text`), whichever layer found the problem. Two errors are equal when their code and
/// description are; the underlying error does not take part.
public struct IngestError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case unreadable, notAPhoto, unsupportedFormat, damaged, tooLarge, missingLibrary, journal, diskFull
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The code `description` names ("damaged"), as a judgement kept in the library records it.
        package init?(named name: String) {
            guard let value = Value(rawValue: name) else { return nil }
            self.value = value
        }

        public var description: String { value.rawValue }

        /// The file or folder could not be opened or read (missing, permission denied), or is
        /// no regular file (a FIFO, a device).
        public static let unreadable = Code(.unreadable)
        /// Named on its own, it is no photo or video at all (an empty file, a text file). Found
        /// in a folder, such a file is skipped, not failed.
        public static let notAPhoto = Code(.notAPhoto)
        /// A photo or video in a format or codec this machine does not decode (AVIF, a HEIF
        /// codec libheif lacks, a RAW LibRaw does not know).
        public static let unsupportedFormat = Code(.unsupportedFormat)
        /// Cut short or corrupt: its data would not decode, and nothing worth keeping was readable.
        public static let damaged = Code(.damaged)
        /// Over one of the limits that keep a hostile file from exhausting memory or time (file
        /// bytes, pixels, decode memory, a video's length, inflated metadata); refused before
        /// anything of that size was allocated.
        public static let tooLarge = Code(.tooLarge)
        /// The library that reads this format (libheif, FFmpeg) is not installed.
        public static let missingLibrary = Code(.missingLibrary)
        /// The journal could not be read or written for this file; `underlying` is the store's error.
        public static let journal = Code(.journal)
        /// The library's disk is full: the run stopped at this file, and what was stored stays.
        public static let diskFull = Code(.diskFull)
    }

    /// What went wrong, with what its text needs.
    package enum Cause: Sendable {
        /// Opening, reading or listing the file or folder failed with this `errno`.
        case system(Int32)
        /// The file's status could not be read once it was open.
        case cannotStat
        /// A name given on the command line that was not UTF-8, which reached Daybook with
        /// U+FFFD in place of its bytes and so names no file.
        case notUTF8Name
        /// A video read by offset changed (size, modification time) while it was read, so
        /// its hash and what was read of it may not describe the same bytes.
        case changedWhileRead
        /// Not a regular file (`kind` says what it is); `orFolder` when a folder would have done.
        case special(kind: String, orFolder: Bool)
        /// Over a limit before the bytes were decoded: the file's size.
        case tooLarge(LimitExceeded)
        /// The bytes were read but would not give a photo or video.
        case decode(PhotoDecodeError)
        /// The journal could not be read.
        case journal(any Error)
        /// The entry could not be written.
        case store(any Error)
        /// The disk of the library at `library` is full.
        case diskFull(library: String)

        /// The reason, without the path: the one place a failed file's text is made.
        package var text: String {
            switch self {
            case .system(let number): String(cString: strerror(number)).lowercased()
            case .cannotStat: "cannot stat file"
            case .notUTF8Name:
                "no such file; its name is not UTF-8 (shown with U+FFFD), which Daybook cannot open by name: rename it"
            case .changedWhileRead: "the file changed while it was read"
            case .special(let kind, let orFolder): "not a regular file\(orFolder ? " or folder" : "") (\(kind))"
            case .tooLarge(let limit): limit.description
            case .decode(let error): error.description
            case .journal(let error): "journal: \(error)"
            case .store(let error): "could not store: \(error)"
            case .diskFull(let library):
                "not stored: no space left on the disk of the library \(library); ingest stopped here. "
                    + "Free some space and run it again: what is stored stays, the rest is read then"
            }
        }

        var code: Code {
            switch self {
            case .system, .cannotStat, .notUTF8Name, .changedWhileRead, .special: .unreadable
            case .tooLarge: .tooLarge
            case .decode(let error): Self.code(of: error)
            case .journal, .store: .journal
            case .diskFull: .diskFull
            }
        }

        var underlying: (any Error)? {
            switch self {
            case .system(let number): POSIXErrorCode(rawValue: number).map { POSIXError($0) }
            case .cannotStat, .notUTF8Name, .changedWhileRead, .special, .diskFull: nil
            case .tooLarge(let limit): limit
            case .decode(let error): error.limitExceeded ?? error
            case .journal(let error), .store(let error): error
            }
        }

        private static func code(of error: PhotoDecodeError) -> Code {
            if error.limitExceeded != nil { return .tooLarge }
            switch error {
            case .notAPhoto, .video(.noVideoStream): return .notAPhoto
            case .unsupportedFormat, .heif(.unsupportedCodec), .video(.unsupportedCodec), .raw(.unreadable): return .unsupportedFormat
            case .heif(.libraryMissing), .video(.ffmpegMissing): return .missingLibrary
            default: return .damaged
            }
        }
    }

    public let code: Code
    /// The file (or folder) as the scanner found it: absolute, standardised.
    public let path: String
    /// The reason alone, without the path: what the file is or what failed.
    public let reason: String
    /// The error this one reports, when there was one: the store's `StoreError`, a `POSIXError`,
    /// the limit a `.tooLarge` file is over, a decoder's error.
    public let underlying: (any Error)?

    package init(path: String, _ cause: Cause) {
        self.path = path
        code = cause.code
        reason = cause.text
        underlying = cause.underlying
    }

    /// A failure judged by an earlier run, as the library keeps it (`ProblemFile`).
    package init(path: String, code: Code, reason: String) {
        self.path = path
        self.code = code
        self.reason = reason
        underlying = nil
    }

    /// "PATH: REASON", the line the CLI prints after `daybook: error: `.
    public var description: String { "\(path): \(reason)" }

    public static func == (lhs: IngestError, rhs: IngestError) -> Bool {
        lhs.code == rhs.code && lhs.description == rhs.description
    }
}
