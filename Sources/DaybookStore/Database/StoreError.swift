import Foundation
import GRDB

/// Why the journal could not do what was asked: a `code` to act on, a one-line
/// `description` that names the file, entry or operation, and the error underneath (GRDB's
/// `DatabaseError`, a `POSIXError`, an `ArchiveError`) when there was one.
///
/// A struct with a `Code`, not an enum, in the manner of swift-service-lifecycle's
/// `ServiceGroupError` and Hummingbird's `HTTPError`: a new kind of failure is a new `Code`
/// value, which breaks no client's `switch`. Two errors are equal when their code and
/// description are; the underlying error does not take part.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case io, database, unreadableEntry, entryNotFound, ambiguousID, emptyLibrary, noJournal, readOnly, invalidTag, archiveRefused
            case libraryNotEmpty, textTooLong, searchTooLarge, notInStack, blankText, undated
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        public var description: String { value.rawValue }

        /// A file or folder of the library could not be created, opened, locked or read, or is
        /// not what it must be (a symbolic link, not a folder, too large).
        public static let io = Code(.io)
        /// SQLite could not open or migrate the journal; `underlying` is GRDB's error.
        public static let database = Code(.database)
        /// A row holds a value daybook never writes (changed by another program, or damaged).
        public static let unreadableEntry = Code(.unreadableEntry)
        /// No entry has this id, or the text cannot be an id prefix.
        public static let entryNotFound = Code(.entryNotFound)
        /// The id prefix matches several entries (`candidates`).
        public static let ambiguousID = Code(.ambiguousID)
        /// The journal holds no entries yet.
        public static let emptyLibrary = Code(.emptyLibrary)
        /// There is no journal in the library folder (and none was created).
        public static let noJournal = Code(.noJournal)
        /// The library cannot be written by this user (a read-only mount, another user's
        /// folder), or a read-only journal would need a schema upgrade first.
        public static let readOnly = Code(.readOnly)
        public static let invalidTag = Code(.invalidTag)
        /// A stack operation (pick the cover, split) on an entry that is in no stack.
        public static let notInStack = Code(.notInStack)
        /// An export file failed its checks; `underlying` is the `ArchiveError`. Nothing was written.
        public static let archiveRefused = Code(.archiveRefused)
        /// An import needs an empty library.
        public static let libraryNotEmpty = Code(.libraryNotEmpty)
        /// An entry's text over `JournalEntry.maximumTextBytes`.
        public static let textTooLong = Code(.textTooLong)
        /// A search with more tags than `JournalQuery.maximumTags`.
        public static let searchTooLarge = Code(.searchTooLarge)
        /// A text entry with no words, or with a character a journal file cannot hold (NUL).
        public static let blankText = Code(.blankText)
        /// Words, tags or a choice for a photo entry with no date: no journal file can be
        /// named for it, and nothing a person writes may live in the index alone.
        public static let undated = Code(.undated)
    }

    public let code: Code
    public let description: String
    /// The error this one reports, when it comes from below the store.
    public let underlying: (any Error)?
    /// For `.ambiguousID`: the ids that match the prefix (the first ten).
    public let candidates: [String]

    /// The longest `description`, in characters: an error is one line on a terminal or a page,
    /// whatever it reports (a path, a tag name, SQLite's message).
    public static let maximumDescriptionLength = 500

    init(_ code: Code, _ description: String, underlying: (any Error)? = nil, candidates: [String] = []) {
        self.code = code
        self.description =
            description.count > Self.maximumDescriptionLength
            ? String(description.prefix(Self.maximumDescriptionLength - 1)) + "…" : description
        self.underlying = underlying
        self.candidates = candidates
    }

    public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.code == rhs.code && lhs.description == rhs.description
    }

    static func io(_ description: String, underlying: (any Error)? = nil) -> StoreError {
        StoreError(.io, description, underlying: underlying)
    }

    /// A failed system call: "`operation`: strerror(`code`)", keeping the errno as a `POSIXError`.
    /// The code comes first so that callers read `errno` before building the text.
    static func system(_ code: Int32, _ operation: String) -> StoreError {
        StoreError(
            .io, "\(operation): \(String(cString: strerror(code)))", underlying: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
    }

    /// SQLite's code and message only: GRDB's own description adds the statement and its
    /// arguments, which can be kilobytes (a search of many tags) and the user's own words.
    static func database(_ operation: String, _ error: any Error) -> StoreError {
        let reason = (error as? DatabaseError).map { "SQLite error \($0.resultCode.rawValue): \($0.message ?? "no message")" }
        return StoreError(.database, "\(operation): \(reason ?? "\(error)")", underlying: error)
    }

    static func unreadableEntry(_ description: String) -> StoreError { StoreError(.unreadableEntry, description) }

    package static func entryNotFound(_ id: String) -> StoreError { StoreError(.entryNotFound, "no entry with id \(id)") }

    /// Not found, as a prefix of fewer characters than a lookup takes is never looked up.
    package static func idPrefixTooShort(_ prefix: String, minimum: Int) -> StoreError {
        StoreError(.entryNotFound, "id prefix \(prefix) is too short: give at least \(minimum) characters of the entry's id")
    }

    package static func ambiguousID(_ prefix: String, candidates: [String]) -> StoreError {
        StoreError(.ambiguousID, "id prefix \(prefix) is ambiguous: \(candidates.joined(separator: ", "))", candidates: candidates)
    }

    package static func emptyLibrary(_ path: String) -> StoreError { StoreError(.emptyLibrary, "the journal at \(path) is empty") }

    /// Says what to do, since every command that reads the journal meets it first.
    package static func noJournal(_ path: String) -> StoreError {
        StoreError(.noJournal, "no journal at \(path): run `daybook ingest FOLDER` first, or pass --library")
    }

    static func readOnlyLibrary(_ path: String, reason: String) -> StoreError {
        StoreError(.readOnly, "the library at \(path) is read-only (\(reason)): nothing was changed")
    }

    static func readOnlyNeedsUpgrade(_ path: String) -> StoreError {
        StoreError(
            .readOnly,
            "the journal at \(path) was written by an older daybook and is read-only here, so it cannot be upgraded: "
                + "run daybook once on it with write access")
    }

    static func invalidTag(_ name: String) -> StoreError {
        StoreError(.invalidTag, "invalid tag \"\(name)\": use letters, digits, '-' or '_' (at most 64)")
    }

    package static func textTooLong(bytes: Int) -> StoreError {
        StoreError(
            .textTooLong,
            "the text is \(bytes) bytes; an entry's text may be at most \(JournalEntry.maximumTextBytes) bytes (1 MiB) of UTF-8")
    }

    package static func blankText() -> StoreError {
        StoreError(.blankText, "the text is blank: a text entry needs some words")
    }

    package static func nulInText() -> StoreError {
        StoreError(.blankText, "the text holds a NUL character, which a journal file cannot keep")
    }

    static func undatedEntry(_ entry: JournalEntry) -> StoreError {
        StoreError(
            .undated,
            "entry \(entry.shortID) has no date, so no journal file can keep its words, tags or choices: give it a date first "
                + "(daybook edit \(entry.shortID) --date \"YYYY-MM-DD HH:MM\", which may go with the change)")
    }

    static func tooManyOwnTags(_ count: Int) -> StoreError {
        StoreError(
            .invalidTag,
            "an entry may have at most \(JournalTag.maximumOwnPerEntry) tags of its own; this would give it \(count): nothing was changed")
    }

    static func tooManyTags(_ count: Int) -> StoreError {
        StoreError(.searchTooLarge, "a search may name at most \(JournalQuery.maximumTags) tags (this one names \(count))")
    }
}
