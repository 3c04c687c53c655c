import Foundation
import Hummingbird

/// Beyond loopback every request needs the password: a login cookie this server signed (from
/// the login page), or, for scripts, HTTP Basic authentication (any user name). bcrypt checks
/// a password off the request executor, at most a few wrong guesses per client address
/// before it must wait.
struct PasswordGate: Sendable {
    let hash: String
    let cookie = SessionCookie()
    let throttle: LoginThrottle
    /// Served over TLS: the cookie is marked Secure.
    let secure: Bool

    init(hash: String, limits: LoginLimits, secure: Bool = false) {
        self.hash = hash
        throttle = LoginThrottle(limits: limits)
        self.secure = secure
    }

    /// What the request needs before it may go on.
    enum Outcome {
        /// The cookie is good: on without bcrypt.
        case pass
        /// The password was right: on, and answer with this `Set-Cookie`.
        case passWithCookie(String)
        case refuse(Response)
    }

    /// What a password check found.
    enum Verdict: Equatable {
        case right
        case wrong
        /// Too many wrong ones from this client: not checked; try again in this many seconds.
        case wait(Int)
    }

    func check(_ request: Request, client: String, port: Int?) async throws -> Outcome {
        if cookie.accepts(request.headers, port: port) { return .pass }
        guard let password = Self.basicPassword(request.headers[.authorization]) else {
            return .refuse(LoginRequired.answer(to: request))
        }
        switch try await verify(password, client: client) {
        case .right: return .passWithCookie(cookie.issue(port: port, secure: secure))
        case .wrong: return .refuse(LoginRequired.answer(to: request))
        case .wait(let seconds): return .refuse(Self.tooMany(seconds))
        }
    }

    /// Checks `password` through the throttle: bcrypt runs only when the client may try now.
    func verify(_ password: String, client: String) async throws -> Verdict {
        switch throttle.begin(client) {
        case .wait(let seconds): return .wait(seconds)
        case .proceed: break
        }
        let right: Bool
        do {
            right = try await PasswordFile.verify(password, hash: hash)
        } catch {
            throttle.end(client, succeeded: false)
            throw error
        }
        throttle.end(client, succeeded: right)
        return right ? .right : .wrong
    }

    /// The password of a `Basic` header (the user name is ignored); nil when there is none.
    static func basicPassword(_ header: String?) -> String? {
        guard let header, header.count > 6, header.prefix(6).lowercased() == "basic " else { return nil }
        guard let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
        else { return nil }
        return String(decoded[decoded.index(after: colon)...])
    }

    static func tooManyMessage(_ seconds: Int) -> String {
        "Too many wrong passwords from this address: try again in \(seconds) s."
    }

    static func tooMany(_ seconds: Int) -> Response {
        Response(
            status: .tooManyRequests,
            headers: [.retryAfter: String(seconds), .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: tooManyMessage(seconds) + "\n")))
    }
}
