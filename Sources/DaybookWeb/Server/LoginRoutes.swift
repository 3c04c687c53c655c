import Foundation
import HTTPTypes
import Hummingbird

/// `/login` and `/logout`, answered in front of the password check: the form asks for the
/// password alone, and a right one sets the signed session cookie and goes on to `next`, a
/// path of this journal and never another site. Wrong passwords count against the client's
/// address, as Basic authentication's do.
struct LoginRoutes: Sendable {
    let password: PasswordGate?
    let pages: JournalPages
    let hosts: AllowedHosts
    /// `--https` made a local authority: the login page links to `/trust`.
    let trust: Bool

    /// The answer when `request` is for one of these routes; nil otherwise.
    func respond(to request: Request, client: String, port: Int?) async throws -> Response? {
        switch (request.method, request.uri.path) {
        case (.get, LoginPath.login), (.head, LoginPath.login):
            let next = LoginPath.safe(request.uri.queryParameters.get("next"))
            guard let password, !password.cookie.accepts(request.headers, port: port) else { return Answer.seeOther(next) }
            return try page(next: next, problem: nil, status: .ok)
        case (.post, LoginPath.login):
            return try await logIn(request, client: client, port: port)
        case (.post, LoginPath.logout):
            var answer = Answer.seeOther(LoginPath.login)
            answer.headers[.setCookie] = SessionCookie.expired(port: port, secure: password?.secure ?? false)
            return answer
        default:
            return nil
        }
    }

    private func logIn(_ request: Request, client: String, port: Int?) async throws -> Response {
        // Against login CSRF: a browser names the page a form was sent from, and it must be
        // one of this journal's; a POST that names none is not from its login page.
        guard let source = request.headers[.origin] ?? request.headers[.referer], hosts.acceptsOrigin(source, boundPort: port)
        else { return Answer.problem(.forbidden, "log in from this journal's own login page") }
        var request = request
        // A password is at most 72 bytes, `next` a path: a larger form is not the login form.
        guard let buffer = try? await request.collectBody(upTo: 8 * 1024) else {
            return Answer.problem(.contentTooLarge, "the login form is too large")
        }
        let fields = FormFields(String(buffer: buffer))
        let next = LoginPath.safe(fields.first("next"))
        guard let password else { return Answer.seeOther(next) }
        switch try await password.verify(fields.first("password") ?? "", client: client) {
        case .right:
            var answer = Answer.seeOther(next)
            answer.headers[.setCookie] = password.cookie.issue(port: port, secure: password.secure)
            return answer
        case .wrong:
            return try page(next: next, problem: "That is not the password.", status: .unauthorized)
        case .wait(let seconds):
            var answer = try page(next: next, problem: PasswordGate.tooManyMessage(seconds), status: .tooManyRequests)
            answer.headers[.retryAfter] = String(seconds)
            return answer
        }
    }

    private func page(next: String, problem: String?, status: HTTPResponse.Status) throws -> Response {
        Answer.html(try pages.login(next: next, problem: problem, trust: trust ? TrustLinks.page : nil), status: status)
    }
}

/// What anyone who reaches the journal may have without the password: the page that offers
/// the local authority's certificate, and the style sheets and scripts compiled into daybook,
/// which are the same for every journal and hold nothing of it.
enum PublicPaths {
    static func contains(_ path: String) -> Bool {
        path == TrustLinks.page || path == TrustLinks.certificate || path.hasPrefix("/static/")
    }
}
