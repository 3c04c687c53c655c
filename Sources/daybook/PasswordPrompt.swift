import DaybookCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The password `serve --hash-password` hashes. Typed on a terminal it is not shown and is
/// asked twice, since a typo no one saw would lock its author out; from a pipe it is one
/// line, as a script writes it.
enum PasswordPrompt {
    enum Failure: Error, Equatable {
        case empty
        case mismatch
    }

    static func read() throws(Failure) -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw .empty }
            return line
        }
        let first = typedUnseen("Password: ")
        guard let first, !first.isEmpty else { throw .empty }
        guard typedUnseen("The same password again: ") == first else { throw .mismatch }
        return first
    }

    /// One line typed with the terminal's echo off; nil at the end of input. The terminal's
    /// own settings come back on every way out, Ctrl-C, SIGTERM and a hang-up included, or
    /// the shell afterwards would not show what is typed in it.
    private static func typedUnseen(_ prompt: String) -> String? {
        Console.prompt(TerminalText(prompt))
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return readLine(strippingNewline: true) }
        EchoRestorer.save(settings)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        // The Enter still moves to the next line.
        silent.c_lflag |= tcflag_t(ECHONL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer { EchoRestorer.restore() }
        return readLine(strippingNewline: true)
    }
}

/// The terminal settings to put back, reachable from a signal handler, which can capture
/// nothing: one global, written before the handlers are installed.
private enum EchoRestorer {
    nonisolated(unsafe) static var saved = termios()
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func save(_ settings: termios) {
        saved = settings
        for signal in signals { Glibc.signal(signal, onSignal) }
    }

    static func restore() {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        for signal in signals { Glibc.signal(signal, SIG_DFL) }
    }
}

/// Puts the terminal back, then dies of the signal as if it had not been caught, so the
/// shell sees the usual status.
private func onSignal(_ signal: Int32) {
    tcsetattr(STDIN_FILENO, TCSANOW, &EchoRestorer.saved)
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
