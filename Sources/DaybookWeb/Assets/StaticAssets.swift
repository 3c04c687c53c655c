import DaybookSupport

/// The files under static/: compiled into the binary (nothing to install beside it), each
/// with an ETag from its bytes.
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

    static let all: [String: Asset] = [
        "daybook.css": Asset(StyleSheet.source, type: "text/css; charset=utf-8"),
        "timeline.js": Asset(TimelineScript.source, type: "application/javascript; charset=utf-8"),
        "map.js": Asset(MapScripts.map, type: "application/javascript; charset=utf-8"),
        "entry-map.js": Asset(MapScripts.entryMap, type: "application/javascript; charset=utf-8"),
        "countries.js": Asset(CountryOutlines.script, type: "application/javascript; charset=utf-8"),
    ]

    static func file(_ name: String) -> Asset? { all[name] }
}
