import DaybookStore
import Foundation

/// Whether Daybook writes its entries' words, tags, dates and places into XMP sidecars
/// (`daybook sidecars on|off`): off unless the person turns it on, since it writes into photo
/// folders that are otherwise only read.
///
/// It is a file of the library (`LIBRARY/sidecar-write-back`, `on` or `off`), not a row of the
/// index: the index may be rebuilt from the files, and a choice the person made must survive
/// that.
package enum SidecarWriteBackSetting {
    static func url(_ library: Library) -> URL { library.root.appendingPathComponent("sidecar-write-back") }

    /// Whether the library's setting is on; a missing or unreadable file is off.
    package static func isOn(_ library: Library) -> Bool {
        guard let data = FileManager.default.contents(atPath: url(library).path), data.count < 64 else { return false }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "on"
    }

    /// Writes the setting as the library writes its own files, so a reader sees one or the other.
    package static func set(_ on: Bool, in library: Library) throws {
        try library.writeFile(Data((on ? "on\n" : "off\n").utf8), name: url(library).lastPathComponent)
    }
}

/// A file Daybook could not write for sidecars, with the system's reason.
package struct SidecarWriteBackError: Error, CustomStringConvertible {
    package let path: String
    package let code: Int32

    init(path: String, _ code: Int32) {
        self.path = path
        self.code = code
    }

    package var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}
