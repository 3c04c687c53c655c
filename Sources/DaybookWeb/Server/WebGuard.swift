import DaybookStore
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// What stands in front of the routes, in order: the `Host` must be an allowed name (DNS
/// rebinding), an unsafe method's Origin too (CSRF), then the login page and the password
/// when there is one (public material, the trust page and the style sheet, needs none), and a
/// change is refused while the library is read-only.
/// Every answer leaves with the security headers, a thrown error as a 500 among them, and
/// `HEAD` is answered as the `GET` it mirrors, without the body.
struct WebGuard<Routes: HTTPResponder>: HTTPResponder where Routes.Context == BasicRequestContext {
    typealias Context = ClientRequestContext

    let routes: Routes
    let hosts: AllowedHosts
    let port: BoundPort
    let password: PasswordGate?
    let login: LoginRoutes
    let writes: LibraryWrites
    let headers: SecurityHeaders

    /// HTTPTypes keeps the first `Host` as the request's authority; any further ones stay
    /// among the fields, and must name this journal too.
    private static var hostField: HTTPField.Name { HTTPField.Name("Host")! }

    func respond(to request: Request, context: Context) async throws -> Response {
        var response: Response
        do {
            response = try await guarded(request, context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch let error where StoreError.isReadOnlyRefusal(error) {
            // The library turned read-only under the server: say so, and offer no more forms.
            context.logger.warning("\(request.method) \(request.uri.path): \(writes.notice)")
            writes.stop()
            response = Answer.problem(.forbidden, writes.notice)
        } catch {
            // The reason goes to the log, not to whoever asked.
            context.logger.error("\(request.method) \(request.uri.path) failed: \(String(reflecting: error))")
            response = Answer.problem(.internalServerError, "The journal could not answer this request; the server's log says why.")
        }
        headers.apply(to: &response)
        if request.method == .head {
            // The GET's headers, Content-Length included, and no body.
            let length = response.headers[.contentLength]
            response.body = ResponseBody()
            response.headers[.contentLength] = length
        }
        return response
    }

    private func guarded(_ request: Request, _ context: Context) async throws -> Response {
        let boundPort = port.value
        let named = [request.head.authority].compactMap { $0 } + request.headers[values: Self.hostField]
        guard !named.isEmpty, named.allSatisfy({ hosts.accepts($0, boundPort: boundPort) }) else {
            return Answer.problem(
                .misdirectedRequest,
                "This journal answers only to its own address (such as http://\(hosts.home):\(boundPort ?? 8080)/); "
                    + "start it with --allowed-host NAME to reach it by another name.")
        }
        if ![.get, .head].contains(request.method), !CSRFToken.isSameOrigin(request, allowed: hosts, boundPort: boundPort) {
            return Answer.problem(.forbidden, "edits come from this journal's own pages")
        }
        if let answer = try await login.respond(to: request, client: context.client, port: boundPort) { return answer }
        var cookie: String?
        if let password, !PublicPaths.contains(request.uri.path) {
            switch try await password.check(request, client: context.client, port: boundPort) {
            case .pass: break
            case .passWithCookie(let issued): cookie = issued
            case .refuse(let answer): return answer
            }
        }
        // Every change is a POST: on a library the server cannot write, none reaches a route.
        if ![.get, .head].contains(request.method), !writes.areAllowed {
            return Answer.problem(.forbidden, writes.notice)
        }
        var forwarded = request
        if request.method == .head {
            var head = request.head
            head.method = .get
            forwarded = Request(head: head, body: request.body)
        }
        var response = try await routes.respond(to: forwarded, context: context.routes)
        if let cookie { response.headers[.setCookie] = cookie }
        return response
    }
}

/// The routes' context plus the client's address, which the login limit counts by.
struct ClientRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The context the routes see (they are written for `BasicRequestContext`).
    let routes: BasicRequestContext
    /// The peer's IP address; every client behind a proxy shares the proxy's.
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        routes = BasicRequestContext(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}

/// The port the server listens on: the configured one, or, with port 0, the one it was
/// given once it runs.
final class BoundPort: Sendable {
    private let port: Mutex<Int?>

    init(configured: Int) { port = Mutex(configured == 0 ? nil : configured) }

    var value: Int? { port.withLock { $0 } }
    func set(_ value: Int) { port.withLock { $0 = value } }
}
