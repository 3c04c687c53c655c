import DaybookStore
import Foundation

/// A failure of the command line's own work — a file it reads or writes, the editor it
/// runs, an argument that names the wrong entry — rather than of the library. Printed, like
/// every other error, by `Daybook.report(_:)`: `description` is the one line after
/// `daybook: error: `.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    /// What went wrong underneath (Foundation's file error, an `ArchiveError`), when there was one.
    var underlying: (any Error)?

    static func cannotRead(_ path: String, _ error: any Error) -> CommandError {
        CommandError(description: "cannot read \(path): \(error.localizedDescription)", underlying: error)
    }

    static func cannotWrite(_ path: String, _ error: any Error) -> CommandError {
        CommandError(description: "cannot write \(path): \(error.localizedDescription)", underlying: error)
    }

    /// A system call failed; `code` (an errno) comes first so that callers read it before anything else runs.
    static func system(_ code: Int32, _ operation: String) -> CommandError {
        CommandError(
            description: "\(operation): \(String(cString: strerror(code)))",
            underlying: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
    }

    /// A file given on the command line was read but refused.
    static func refused(_ path: String, _ error: any Error) -> CommandError {
        CommandError(description: "\(path): \(error)", underlying: error)
    }

    static func editorFailed(_ command: String, status: Int32) -> CommandError {
        CommandError(description: "the editor (\(command)) exited with status \(status); nothing changed")
    }

    static func noPlace(_ entry: JournalEntry) -> CommandError {
        CommandError(description: "entry \(entry.shortID) has no place to search near")
    }

    static func weatherProvider(_ choice: some CustomStringConvertible, _ error: any Error) -> CommandError {
        CommandError(description: "weather provider \(choice): \(error)", underlying: error)
    }
}
