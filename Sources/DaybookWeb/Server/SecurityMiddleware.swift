import DaybookIngest
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Headers on every answer: a Content-Security-Policy that allows scripts, styles and
/// requests only from the journal itself (no inline script or style), no framing, no
/// sniffing, no referrer.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: String

    init(tiles: String?) {
        let tileOrigin = tiles.flatMap(WebConfiguration.origin).map { " \($0)" } ?? ""
        policy =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:\(tileOrigin); "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.init("X-Frame-Options")!] = "DENY"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        return response
    }
}

/// Every request must carry the password (HTTP Basic, any user name) when the server listens
/// beyond loopback. bcrypt is slow on purpose, so a header that once verified is remembered by
/// its SHA-256 (never the password itself) for the life of the process.
struct PasswordMiddleware<Context: RequestContext>: RouterMiddleware {
    let hash: String
    private let verified = VerifiedCredentials()

    init(hash: String) { self.hash = hash }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.hasPrefix("Basic ") else { return Self.challenge }
        let digest = ContentHash.sha256Hex(Array(header.utf8))
        if !verified.contains(digest) {
            guard let decoded = Data(base64Encoded: String(header.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) }),
                let colon = decoded.firstIndex(of: ":"),
                PasswordFile.verify(String(decoded[decoded.index(after: colon)...]), hash: hash)
            else { return Self.challenge }
            verified.insert(digest)
        }
        return try await next(request, context)
    }

    static var challenge: Response {
        Response(
            status: .unauthorized, headers: [.wwwAuthenticate: "Basic realm=\"Daybook\", charset=\"UTF-8\""],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "This journal needs its password.\n")))
    }
}

final class VerifiedCredentials: Sendable {
    private let digests = Mutex<Set<String>>([])
    func contains(_ digest: String) -> Bool { digests.withLock { $0.contains(digest) } }
    func insert(_ digest: String) { _ = digests.withLock { $0.insert(digest) } }
}

/// The token every edit must carry (a hidden form field, or the X-Daybook-CSRF header):
/// random per server start, and only ever written into the journal's own pages, which
/// another site cannot read. A request whose Origin is another site is refused as well.
struct CSRFToken: Sendable {
    let value: String

    init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    func accepts(_ presented: String?) -> Bool {
        guard let presented, presented.utf8.count == value.utf8.count else { return false }
        // Constant time: the comparison does not stop at the first difference.
        return zip(presented.utf8, value.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether a POST comes from this journal's own pages: an Origin (or, without one, a
    /// Referer) naming another host is refused; a request with neither must still carry the token.
    static func isSameOrigin(_ request: Request) -> Bool {
        let source = request.headers[.origin] ?? request.headers[.referer]
        guard let source, source != "null" else { return request.headers[.origin] == nil }
        guard let host = request.head.authority ?? request.headers[HTTPField.Name("Host")!] else { return false }
        return URLComponents(string: source).map { components in
            (components.host.map { h in components.port.map { "\(h):\($0)" } ?? h }) == host
        } ?? false
    }
}
