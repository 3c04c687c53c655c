import Foundation

public enum TemporaryFolder {
    /// A new, empty folder named `label-UUID` in the system's temporary folder; the test
    /// removes it.
    public static func make(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
