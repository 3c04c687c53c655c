import ArgumentParser

/// What ArgumentParser makes of an error it owns: its text, where the text goes, and the exit
/// status. The CLI and the tools share it, so that `--help`, a usage error or an `ExitCode`
/// end them the same way.
package struct ArgumentParserOutcome: Sendable, Equatable {
    /// The help, the version, or the usage error with its usage lines; empty for an `ExitCode`.
    package let message: String
    /// A request that succeeded (`--help`, `--version`) prints on standard output; the rest on
    /// standard error.
    package let toStandardError: Bool
    /// ArgumentParser's own status, except a usage error: 2, which scripts expect of a command
    /// line tool, not ArgumentParser's 64.
    package let status: Int32
}

extension ParsableCommand {
    /// Whether ArgumentParser reports `error` itself: its public errors (`ExitCode`,
    /// `CleanExit`, `ValidationError`), and the internal request the `help` subcommand throws
    /// from its `run()`, which ArgumentParser reads as a success. Any other module's error it
    /// reads as a plain failure, so a success can only be its own: no type name is looked at.
    package static func isArgumentParserError(_ error: any Error) -> Bool {
        switch error {
        case is ExitCode, is CleanExit, is ValidationError: true
        default: exitCode(for: error) == .success
        }
    }

    /// ArgumentParser's handling of an error it owns, or of any error thrown while parsing.
    package static func argumentParserOutcome(for error: any Error) -> ArgumentParserOutcome {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success { return ArgumentParserOutcome(message: message, toStandardError: false, status: 0) }
        return ArgumentParserOutcome(message: message, toStandardError: true, status: code == .validationFailure ? 2 : code.rawValue)
    }
}
