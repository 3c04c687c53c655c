import Foundation

/// The executables built beside the test bundle, for tests that run them as a user does.
public enum BuildProducts {
    /// `daybook`, the command-line tool.
    public static var daybook: URL { executable("daybook") }

    public static func executable(_ name: String) -> URL {
        // The test bundle sits in the build folder next to the products.
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for folder in candidates {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent(name)
    }
}
