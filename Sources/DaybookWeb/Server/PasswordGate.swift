import Foundation
import Hummingbird

/// Beyond loopback every request needs the password: a login cookie this server signed, or
/// HTTP Basic authentication (any user name), which bcrypt checks off the request executor,
/// at most a few wrong guesses per client address before it must wait.
struct PasswordGate: Sendable {
    let hash: String
    let cookie = SessionCookie()
    let throttle: LoginThrottle

    init(hash: String, limits: LoginLimits) {
        self.hash = hash
        throttle = LoginThrottle(limits: limits)
    }

    /// What the request needs before it may go on.
    enum Outcome {
        /// The cookie is good: on without bcrypt.
        case pass
        /// The password was right: on, and answer with this `Set-Cookie`.
        case passWithCookie(String)
        case refuse(Response)
    }

    func check(_ request: Request, client: String, port: Int?) async throws -> Outcome {
        if cookie.accepts(request.headers, port: port) { return .pass }
        guard let password = Self.basicPassword(request.headers[.authorization]) else { return .refuse(Self.challenge) }
        switch throttle.begin(client) {
        case .wait(let seconds): return .refuse(Self.tooMany(seconds))
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
        return right ? .passWithCookie(cookie.issue(port: port)) : .refuse(Self.challenge)
    }

    /// The password of a `Basic` header (the user name is ignored); nil when there is none.
    static func basicPassword(_ header: String?) -> String? {
        guard let header, header.count > 6, header.prefix(6).lowercased() == "basic " else { return nil }
        guard let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
        else { return nil }
        return String(decoded[decoded.index(after: colon)...])
    }

    static var challenge: Response {
        Response(
            status: .unauthorized,
            headers: [.wwwAuthenticate: "Basic realm=\"Daybook\", charset=\"UTF-8\"", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "This journal needs its password.\n")))
    }

    static func tooMany(_ seconds: Int) -> Response {
        Response(
            status: .tooManyRequests,
            headers: [.retryAfter: String(seconds), .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(
                byteBuffer: ByteBuffer(string: "Too many wrong passwords from this address: try again in \(seconds) s.\n")))
    }
}
