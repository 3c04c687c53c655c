import Foundation

/// The width of the terminal standard output is, when it is one. Only a terminal wraps a long
/// line into the next; a file or a pipe keeps every line whole, as scripts read them.
enum TerminalWidth {
    /// The terminal's columns; nil when standard output is not a terminal. A terminal that
    /// does not say its size is taken at `COLUMNS`, else at 80, a terminal's usual width.
    static func ofStandardOutput() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return 80
    }
}
