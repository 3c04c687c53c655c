import DaybookEmbedded
import DaybookSupport

/// What makes the journal an installable app, beside the files under /static/: the manifest,
/// the icons (bytes, not text) and the service worker, whose text carries a version made of
/// every file the app is made of, so that changing any of them makes browsers install it anew.
enum AppFiles {
    struct File: Sendable {
        let bytes: [UInt8]
        let type: String
        let etag: String

        init(_ bytes: [UInt8], type: String) {
            self.bytes = bytes
            self.type = type
            etag = "\"" + ContentHash.sha256Hex(bytes).prefix(16) + "\""
        }
    }

    static let manifest = File(bytes(of: "manifest.webmanifest"), type: "application/manifest+json")

    /// Served as /icons/NAME, named in the manifest and in every page's head.
    static let icons: [String: File] = Dictionary(
        uniqueKeysWithValues: ["icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png"].map {
            ($0, File(bytes(of: $0), type: "image/png"))
        })

    /// The version: a hash of every file the binary carries for the web journal (templates,
    /// scripts, styles, icons, this worker), so any change to what a saved page or the saved
    /// app shell is made of replaces the worker and its shell.
    static let version: String = {
        var all: [UInt8] = []
        for file in EmbeddedFiles.web.all {
            all += Array(file.path.utf8) + [0] + Array(file.bytes)
        }
        return String(ContentHash.sha256Hex(all).prefix(16))
    }()

    /// The worker, then the database it shares with the pages (app-db.js).
    static let serviceWorker = File(
        Array(String(decoding: bytes(of: "sw.js"), as: UTF8.self).replacingOccurrences(of: "__DAYBOOK_VERSION__", with: version).utf8)
            + bytes(of: "app-db.js"),
        type: StaticAssets.javascript)

    private static func bytes(of name: String) -> [UInt8] {
        guard let file = EmbeddedFiles.web.file("\(StaticAssets.folder)/\(name)") else {
            preconditionFailure("no \(StaticAssets.folder)/\(name) in this binary (Sources/CEmbeddedWeb/files.c)")
        }
        return Array(file.bytes)
    }
}
