import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation
import Synchronization

/// Terminal output: messages on standard error, data on standard output.
///
/// Every human-readable line goes out as `TerminalText`, so the file names, EXIF strings and
/// imported text in it reach the terminal with their control and bidi characters escaped
/// (docs/terminal-text.md). Only `--json` output is written as it is, by `printJSON`.
enum Console {
    static let isErrorTerminal = isatty(STDERR_FILENO) == 1
    static let isOutputTerminal = isatty(STDOUT_FILENO) == 1

    static func error(_ message: TerminalText) { writeError("daybook: error: \(message)") }
    static func warning(_ message: TerminalText) { writeError("daybook: warning: \(message)") }
    /// A message already made into a `String` (an error's description): escaped whole.
    @_disfavoredOverload static func error(_ message: String) { error(TerminalText(message)) }

    static func writeError(_ line: TerminalText) {
        StandardOutput.flush()
        FileHandle.standardError.write(Data((line.description + "\n").utf8))
    }

    /// One line of a command's output on standard output (`StandardOutput`'s buffer).
    static func output(_ line: TerminalText) {
        StandardOutput.write(line.description + "\n")
    }

    /// Text of several lines (ArgumentParser's help and messages, an entry's text), each
    /// line escaped on its own so its own line breaks stay.
    static func outputLines(_ text: String, toError: Bool = false) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText($0) }
        for line in lines { toError ? writeError(line) : output(line) }
    }

    /// A question on standard error, the answer to be typed on the same line.
    static func prompt(_ question: TerminalText) {
        StandardOutput.flush()
        FileHandle.standardError.write(Data(question.description.utf8))
    }

    /// Prints `--json` output through the one JSON writer (`JSONOutput`).
    static func printJSON<T: Encodable>(_ value: T) throws {
        writeExact(try JSONOutput.data(value))
    }

    /// Machine-readable output (JSON, GeoJSON) on standard output, byte for byte, and a newline.
    static func writeExact(_ data: Data) {
        StandardOutput.write(data)
        StandardOutput.write("\n")
    }
}

/// A single progress line on standard error, redrawn in place, only on a terminal.
final class ProgressLine: Sendable {
    private struct Drawn {
        var lastDraw = Date.distantPast
        var visible = false
    }

    private let enabled: Bool
    private let drawn = Mutex(Drawn())

    init(enabled: Bool = Console.isErrorTerminal) { self.enabled = enabled }

    func update(_ text: @autoclosure () -> TerminalText) {
        guard enabled else { return }
        drawn.withLock { drawn in
            let now = Date()
            guard now.timeIntervalSince(drawn.lastDraw) >= 0.1 else { return }
            drawn.lastDraw = now
            StandardOutput.flush()
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text().description)".utf8))
            drawn.visible = true
        }
    }

    /// Prints a whole line above the progress line.
    func printLine(_ line: TerminalText) {
        drawn.withLock { drawn in
            if drawn.visible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); drawn.visible = false }
            drawn.lastDraw = .distantPast
        }
        Console.writeError(line)
    }

    func clear() {
        drawn.withLock { drawn in
            if drawn.visible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); drawn.visible = false }
        }
    }
}
