/// The navigation every page carries.
struct NavLinks: Sendable {
    let timeline: String
    let onThisDay: String
    let map: String
    let tags: String
    let search: String?
    let latest: String?
    var newEntry: String?

    init(_ links: SiteLinks) {
        timeline = links.timeline
        onThisDay = links.onThisDay
        map = links.map
        tags = links.tags
        search = links.search
        latest = links.latest
        newEntry = links.newEntry
    }
}

/// What the shared head and foot need: title, navigation, style sheets and scripts, and the
/// CSRF token on pages of a server that accepts edits.
struct PageFrame: Sendable {
    let title: String
    var nav: NavLinks
    let stylesheet: String
    var styles: [String] = []
    var scripts: [String] = []
    var csrf: String?
    var bodyClass = ""
    var compact = false
    var query = ""
    /// One line above the page's own: why it shows no forms (a read-only library).
    var notice: String?
    /// Where the Log out button posts, on a server with a password.
    var logout: String?
    /// The server's pages are an installable app (manifest, service worker, pwa.js); an
    /// export's files are not.
    var app = false

    init(title: String, links: SiteLinks) {
        self.title = title
        nav = NavLinks(links)
        stylesheet = links.asset("daybook.css")
    }
}
