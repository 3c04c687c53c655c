import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOSSL

/// The web journal over one library: its routes, the pages and API they answer with, and the
/// files they serve. `application()` is what `daybook serve` runs, the routes behind
/// `WebGuard`; tests drive it through HummingbirdTesting.
package struct WebJournal: Sendable {
    package let store: JournalStore
    package let configuration: WebConfiguration
    let csrf = CSRFToken()
    let thumbnails: ThumbnailFiles
    let previews: PreviewMaker
    let vendor: VendorFiles
    /// The pages as the server renders them: links to routes, edit forms with the token.
    /// Made once: whether Leaflet is installed is asked at start (two file checks), not on
    /// every page. A test may give it other templates.
    var editablePages: JournalPages
    /// Whether the library may be changed from the web; the pages follow it.
    let writes: LibraryWrites
    /// The pages to render now: without forms, and with a notice, once the library is read-only.
    var pages: JournalPages {
        get { writes.areAllowed ? editablePages : editablePages.readOnly(writes.notice) }
        set { editablePages = newValue }
    }
    let cache: AnswerCache
    /// Syncthing's conflict copies in the journal, for the pages that show them.
    let conflictMarks: ConflictMarks
    let hosts: AllowedHosts
    let port: BoundPort
    let password: PasswordGate?
    /// TLS's settings when the server speaks HTTPS.
    let tlsConfiguration: TLSConfiguration?
    /// Originals found to hold their entry's bytes, so each is hashed once.
    package let originalChecks = OriginalChecks()
    /// Where `POST /uploads` keeps files; nil on a library this user cannot write.
    package let uploads: Uploads?
    /// Writes an edited photo entry's sidecar when `daybook sidecars on` or `--write-sidecars` says so.
    let sidecars: SidecarWriteBack

    package init(store: JournalStore, configuration: WebConfiguration) throws {
        try configuration.validate()
        self.store = store
        self.configuration = configuration
        thumbnails = try ThumbnailFiles(library: store.library)
        previews = try PreviewMaker(library: store.library, limits: configuration.decodeLimits)
        vendor = VendorFiles(folder: configuration.javascriptFolder)
        editablePages = JournalPages(links: .server, csrf: csrf.value, tiles: configuration.tiles, leaflet: vendor.hasLeaflet)
        writes = LibraryWrites(store: store)
        // A template that does not parse stops the server here, not at its first page.
        _ = try editablePages.templates.get()
        cache = try AnswerCache(store: store)
        conflictMarks = ConflictMarks(library: store.library)
        hosts = AllowedHosts(configuration)
        port = BoundPort(configured: configuration.port)
        password = configuration.passwordHash.map {
            PasswordGate(hash: $0, limits: configuration.loginLimits, secure: configuration.tls != nil)
        }
        if password != nil { editablePages.logout = LoginPath.logout }
        tlsConfiguration = try Self.tlsConfiguration(configuration.tls)
        sidecars = SidecarWriteBack(library: store.library, forced: configuration.writeSidecars) {
            Logger(label: "daybook.serve").warning("\($0)")
        }
        uploads =
            writes.areAllowed
            ? Uploads(
                store: store, folder: Uploads.folderPath(library: store.library, configured: configuration.uploadsFolder),
                limits: configuration.uploadLimits, onNewEntry: configuration.onNewUpload) : nil
    }

    /// The routes alone: `application()` serves them behind the guard (allowed hosts,
    /// password, security headers, HEAD).
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        // One line per request at debug level (`--log-level debug`).
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: TemplateErrorMiddleware())
        addPageRoutes(to: router)
        addEditRoutes(to: router)
        addConflictRoutes(to: router)
        addNewEntryRoutes(to: router)
        addUploadRoutes(to: router)
        addAPIRoutes(to: router)
        addFileRoutes(to: router)
        addTrustRoutes(to: router)
        addAppRoutes(to: router)
        addPushRoutes(to: router)
        return router
    }

    /// The server, bound to the configured address; `onRunning` learns the port (0 picks one).
    package func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let headers = SecurityHeaders(tiles: configuration.tiles)
        let guarded = WebGuard(
            routes: router().buildResponder(), hosts: hosts, port: port, password: password,
            login: LoginRoutes(password: password, pages: editablePages, hosts: hosts, trust: configuration.authority != nil),
            writes: writes, headers: headers)
        let port = self.port
        // A connection silent for this long is closed: one that never sends a byte, one kept
        // alive between requests, or an upload whose phone left the Wi-Fi (the shorter of the
        // two limits); answers being written are not cut.
        let idle = min(configuration.idleTimeout, .seconds(configuration.uploadLimits.stallSeconds))
        return Application(
            responder: guarded, server: Self.server(tls: tlsConfiguration, idleTimeout: idle, headers: headers),
            configuration: Self.listening(configuration),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                port.set(bound)
                await onRunning(bound)
            },
            logger: logger)
    }
}

/// Answers built the same way everywhere.
enum Answer {
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        html(ByteBuffer(string: text), status: status)
    }

    /// A page rendered straight into bytes (`PageTemplates.body(_:capacity:)`). A page that
    /// reads well is `no-cache`, which the service worker may keep for reading offline (sw.js);
    /// an error or a refusal is `no-store`, never kept.
    static func html(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: status == .ok ? "no-cache" : "no-store"],
            body: ResponseBody(byteBuffer: body))
    }

    static func json<T: Encodable>(_ value: T) throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONOutput.data(value))))
    }

    static func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// After an edit: back to a page with GET (so reloading does not post again).
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
