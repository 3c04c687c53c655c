import DaybookStore
import Foundation

/// Terminal output: messages on standard error, data on standard output.
enum Console {
    static let isErrorTerminal = isatty(STDERR_FILENO) == 1
    static let isOutputTerminal = isatty(STDOUT_FILENO) == 1

    static func error(_ message: String) { writeError("daybook: error: \(message)") }
    static func warning(_ message: String) { writeError("daybook: warning: \(message)") }

    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints `--json` output through the one JSON writer (`JSONOutput`).
    static func printJSON<T: Encodable>(_ value: T) throws {
        let data = try JSONOutput.data(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

/// A single progress line on standard error, redrawn in place, only on a terminal.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private var lastDraw = Date.distantPast
    private var visible = false
    private let lock = NSLock()

    init(enabled: Bool = Console.isErrorTerminal) { self.enabled = enabled }

    func update(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
            visible = true
        }
    }

    /// Prints a whole line above the progress line.
    func printLine(_ line: String) {
        lock.withLock {
            if visible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); visible = false }
            lastDraw = .distantPast
        }
        Console.writeError(line)
    }

    func clear() {
        lock.withLock {
            if visible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); visible = false }
        }
    }
}
