import Foundation
import Synchronization

/// Standard output through one buffer, written when it holds 64 KB, before anything goes to
/// standard error, and at exit.
///
/// A write per line would cost a long list a system call per line. Flushing before standard
/// error keeps the order the lines were made in, when both go to a terminal. A closed pipe
/// (`| head -1`) ends the process by SIGPIPE at the first write after it closed, quietly, as
/// an unbuffered write would; with SIGPIPE ignored the rest is dropped.
enum StandardOutput {
    static let capacity = 1 << 16
    private static let buffer = Mutex<[UInt8]>([])

    /// Flushes at every exit, `exit()` from anywhere included.
    static func flushAtExit() {
        atexit { StandardOutput.flush() }
    }

    static func write(_ text: String) {
        buffer.withLock { bytes in
            bytes.append(contentsOf: text.utf8)
            if bytes.count >= capacity { writeOut(&bytes) }
        }
    }

    /// Data of a buffer or more (`export json -`, a long `--json` list) is written as it is,
    /// after what the buffer holds, rather than copied into it.
    static func write(_ data: Data) {
        buffer.withLock { bytes in
            guard data.count >= capacity else {
                bytes.append(contentsOf: data)
                if bytes.count >= capacity { writeOut(&bytes) }
                return
            }
            writeOut(&bytes)
            data.withUnsafeBytes { writeAll($0) }
        }
    }

    static func flush() {
        buffer.withLock { bytes in writeOut(&bytes) }
    }

    private static func writeOut(_ bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { writeAll($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ raw: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < raw.count {
            let written = Foundation.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
