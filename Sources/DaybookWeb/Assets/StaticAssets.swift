import DaybookEmbedded
import DaybookSupport

/// The files under static/, made of the files in static/ beside this one as the binary carries
/// them (nothing to install beside it; docs/embedded-files.md), each with an ETag from its bytes.
enum StaticAssets {
    struct Asset: Sendable {
        let text: String
        let type: String
        let etag: String

        init(_ text: String, type: String) {
            self.text = text
            self.type = type
            etag = "\"" + ContentHash.sha256Hex(Array(text.utf8)).prefix(16) + "\""
        }
    }

    static let folder = "Sources/DaybookWeb/Assets/static"
    static let css = "text/css; charset=utf-8"
    static let javascript = "application/javascript; charset=utf-8"

    static let all: [String: Asset] = [
        "daybook.css": Asset(text(of: "daybook.css"), type: css),
        // Loads older entries as the reader nears the end of the timeline; without it the
        // "Older" link pages as usual.
        "timeline.js": Asset(text(of: "timeline.js"), type: javascript),
        // The two Leaflet maps start with the same base layers (the country outlines, and the
        // online tiles only when `--tiles` gave them).
        "map.js": Asset(text(of: "map-base.js") + text(of: "map.js"), type: javascript),
        "entry-map.js": Asset(text(of: "map-base.js") + text(of: "entry-map.js"), type: javascript),
        // Shows the entry page's "cannot play" notice when the browser cannot decode a video.
        "entry-video.js": Asset(text(of: "entry-video.js"), type: javascript),
        // Uploads the New-entry page's photos as they are chosen, with a progress bar each.
        "new-entry.js": Asset(text(of: "upload-file.js") + text(of: "new-entry.js"), type: javascript),
        // Uploads the photo an entry page's attach or replace form chose, then sends the form.
        "entry-photo.js": Asset(text(of: "upload-file.js") + text(of: "entry-photo.js"), type: javascript),
        // Plays a photo's motion clip over its still on hover or tap.
        "entry-motion.js": Asset(text(of: "entry-motion.js"), type: javascript),
        // The on-this-day page's "Remind me every morning": this browser's Web Push subscription.
        "remind.js": Asset(text(of: "remind.js"), type: javascript),
        // The journal as an app: the service worker, the offline banner and queue (sw.js's page side).
        "pwa.js": Asset(text(of: "pwa.js") + text(of: "app-db.js"), type: javascript),
        // The outlines as a script that sets `window.DAYBOOK_COUNTRIES`: a page opened from
        // file:// (the export) cannot fetch a JSON file.
        "countries.js": Asset("window.DAYBOOK_COUNTRIES =\n" + text(of: "countries.geojson") + ";", type: javascript),
    ]

    static func file(_ name: String) -> Asset? { all[name] }

    /// One of the files in static/: a file the binary does not carry is a bug of files.c,
    /// caught by every test that asks for a static file.
    private static func text(of name: String) -> String {
        guard let file = EmbeddedFiles.web.file("\(folder)/\(name)") else {
            preconditionFailure("no \(folder)/\(name) in this binary (Sources/CEmbeddedWeb/files.c)")
        }
        return file.text
    }
}
