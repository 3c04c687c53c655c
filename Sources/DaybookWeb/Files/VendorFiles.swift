import Foundation

/// Leaflet and its marker-cluster plugin, served from where Debian's libjs-leaflet and
/// libjs-leaflet.markercluster install them (never copied into the repository). Only the
/// names listed here can be asked for: the URL never becomes a path.
struct VendorFiles: Sendable {
    static let names: [String: String] = [
        "leaflet/leaflet.js": "application/javascript", "leaflet/leaflet.css": "text/css",
        "leaflet/leaflet.markercluster.js": "application/javascript", "leaflet/MarkerCluster.css": "text/css",
        "leaflet/MarkerCluster.Default.css": "text/css", "leaflet/images/layers.png": "image/png",
        "leaflet/images/layers-2x.png": "image/png", "leaflet/images/marker-icon.png": "image/png",
        "leaflet/images/marker-icon-2x.png": "image/png", "leaflet/images/marker-shadow.png": "image/png",
    ]

    let folder: URL

    /// Whether both packages are installed.
    var hasLeaflet: Bool {
        ["leaflet/leaflet.js", "leaflet/leaflet.markercluster.js"].allSatisfy {
            FileManager.default.isReadableFile(atPath: folder.appendingPathComponent($0).path)
        }
    }

    /// The file's bytes and media type, for a listed name only.
    func file(_ name: String) -> (bytes: Data, type: String)? {
        guard let type = Self.names[name], let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        else { return nil }
        return (data, type)
    }
}
