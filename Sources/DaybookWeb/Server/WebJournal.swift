import DaybookStore
import Foundation
import Hummingbird
import Logging

/// The web journal over one library: its routes, the pages and API they answer with, and the
/// files they serve. `application()` is what `daybook serve` runs; tests drive `router()` and
/// `application()` through HummingbirdTesting.
package struct WebJournal: Sendable {
    package let store: JournalStore
    package let configuration: WebConfiguration
    let csrf = CSRFToken()
    let thumbnails: ThumbnailFiles
    let previews: PreviewMaker
    let vendor: VendorFiles
    let cache: AnswerCache

    package init(store: JournalStore, configuration: WebConfiguration) throws {
        try configuration.validate()
        self.store = store
        self.configuration = configuration
        thumbnails = try ThumbnailFiles(library: store.library)
        previews = try PreviewMaker(library: store.library)
        vendor = VendorFiles(folder: configuration.javascriptFolder)
        cache = AnswerCache(store: store)
    }

    /// The pages as the server renders them: links to routes, edit forms with the token.
    var pages: JournalPages {
        JournalPages(store: store, links: .server, csrf: csrf.value, tiles: configuration.tiles, leaflet: vendor.hasLeaflet)
    }

    package func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        // One line per request at debug level (`--log-level debug`).
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: SecurityHeadersMiddleware(tiles: configuration.tiles))
        if let hash = configuration.passwordHash { router.add(middleware: PasswordMiddleware(hash: hash)) }
        addPageRoutes(to: router)
        addEditRoutes(to: router)
        addAPIRoutes(to: router)
        addFileRoutes(to: router)
        return router
    }

    /// The server, bound to the configured address; `onRunning` learns the port (0 picks one).
    package func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}

/// Answers built the same way everywhere.
enum Answer {
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
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
