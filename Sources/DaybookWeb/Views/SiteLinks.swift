import DaybookStore
import Foundation

/// Where a page's links point: at the running server's routes, or at the files of a static
/// export (relative, so the site opens from `file://` and from any folder on any host).
struct SiteLinks: Sendable {
    enum Style: Sendable { case server, staticFiles }

    let style: Style
    /// For static files: the way back to the site's top folder from the page being written
    /// ("" or "../"); for the server always "/".
    let root: String

    static let server = SiteLinks(style: .server, root: "/")
    static func staticFiles(depth: Int) -> SiteLinks {
        SiteLinks(style: .staticFiles, root: String(repeating: "../", count: depth))
    }

    var isServer: Bool { style == .server }

    func entry(_ id: String) -> String { isServer ? "/entries/\(id)" : "\(root)entries/\(id).html" }
    func thumbnail(_ name: ThumbnailName) -> String { "\(root)thumbnails/\(name.fileName)" }
    func preview(_ name: ThumbnailName) -> String { "\(root)previews/\(name.fileName)" }
    func asset(_ name: String) -> String { "\(root)static/\(name)" }
    func vendor(_ path: String) -> String { "\(root)vendor/\(path)" }

    var timeline: String { isServer ? "/" : "\(root)index.html" }
    func timelinePage(_ number: Int) -> String { number == 1 ? timeline : "\(root)page-\(number).html" }
    var onThisDay: String { isServer ? "/on-this-day" : "\(root)on-this-day.html" }
    var map: String { isServer ? "/map" : "\(root)map.html" }
    /// The map with one entry's card open (map.js reads the fragment).
    func mapEntry(_ id: String) -> String { "\(map)#entry=\(id)" }
    var tags: String { isServer ? "/tags" : "\(root)tags.html" }
    /// Search and the latest-five widget exist only on the server.
    var search: String? { isServer ? "/search" : nil }
    var latest: String? { isServer ? "/latest" : nil }
    /// Writing happens on the server only: an export is read, not written in.
    var newEntry: String? { isServer ? "/new" : nil }
    func tagSearch(_ name: String) -> String? {
        guard isServer else { return nil }
        return "/search?tag=" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
}
