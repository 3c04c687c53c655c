import DaybookCore
import Foundation
import Logging

/// One line per message on standard error: local time with milliseconds, level, message,
/// metadata. `2025-06-01T14:03:07.412+0200 info: ingested /x/IMG_0001.jpg → 3f2a1b2c`.
/// Each line is one write(2), so lines from parallel ingest workers never interleave.
/// The message and the metadata values are escaped here, at the sink (`TerminalText`): a
/// file name with a line break in it cannot forge a line of the log, whoever logged it.
package struct TimestampedLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    private let label: String
    private let fd: Int32

    package init(label: String, level: Logger.Level = .info, fd: Int32 = STDERR_FILENO) {
        self.label = label
        logLevel = level
        self.fd = fd
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        var line = "\(Self.timestamp()) \(event.level): \(TerminalText.escaped(event.message.description))"
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { TerminalText.escaped("\($0.key)=\($0.value)") }.joined(separator: " ")
        }
        line += "\n"
        var bytes = Array(line.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0 { if errno == EINTR { continue }; return }
            written += result
        }
    }

    static func timestamp(_ date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        let millis = Int((date.timeIntervalSince1970 - Double(seconds)) * 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let base = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let offset = parts.tm_gmtoff
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return base + String(format: ".%03d%@%02d%02d", millis, sign, minutes / 60, minutes % 60)
    }
}
