import Foundation
import HTTPTypes
import Hummingbird

/// The answer to a request without the password. A page a person opened goes to the login
/// page, which brings them back afterwards; anything a script asks for (the JSON API,
/// uploads, a `fetch` that does not prefer HTML) gets 401 and a line saying what to send. No
/// `WWW-Authenticate: Basic`: it would make the browser show its own password dialog, which
/// installed web apps handle badly and which asks for a user name there is none of.
enum LoginRequired {
    static let message =
        "This journal needs its password: log in at /login, or send it with HTTP Basic authentication (curl -u :PASSWORD)."

    static func answer(to request: Request) -> Response {
        if isPage(request) { return Answer.seeOther(LoginPath.login(next: target(of: request))) }
        if request.uri.path.hasPrefix("/api/") {
            return Response(
                status: .unauthorized, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"\#(message)"}"# + "\n")))
        }
        return Answer.problem(.unauthorized, message)
    }

    /// A browser's navigation: it prefers HTML, and is not for the API or an upload.
    static func isPage(_ request: Request) -> Bool {
        let path = request.uri.path
        guard !path.hasPrefix("/api/"), path != "/uploads" else { return false }
        return prefersHTML(request.headers[values: .accept].joined(separator: ","))
    }

    /// Whether an `Accept` value ranks HTML at least as high as anything else it names
    /// (`text/html,…,*/*;q=0.8` does; `*/*` and `application/json` do not).
    static func prefersHTML(_ accept: String) -> Bool {
        var html = 0.0
        var others = 0.0
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if type == "text/html" || type == "application/xhtml+xml" { html = max(html, quality) } else { others = max(others, quality) }
        }
        return html > 0 && html >= others
    }

    /// Where to return after the login: the page asked for; for a form sent without the
    /// cookie, the journal's page it was sent from (the form itself is not repeated).
    static func target(of request: Request) -> String {
        if [.get, .head].contains(request.method) { return request.uri.string }
        guard let referer = request.headers[.referer], let components = URLComponents(string: referer) else { return "/" }
        var path = components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        return LoginPath.isLocal(path) ? path : "/"
    }
}

/// The login page's address and the `next` it returns to.
enum LoginPath {
    static let login = "/login"
    static let logout = "/logout"

    static func login(next: String) -> String {
        guard isLocal(next), next != "/" else { return login }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return login + "?next=" + (next.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// Whether `next` is a path of this journal: it starts with one `/`, and no browser could
    /// read it as another host (`//evil.example`, `/\evil.example`, a scheme, control
    /// characters, which browsers drop), nor is it the login page again. Printable ASCII
    /// only, as the journal's own links are percent-encoded.
    static func isLocal(_ next: String) -> Bool {
        guard next.hasPrefix("/"), !next.hasPrefix("//"), next.utf8.count <= 2048 else { return false }
        guard !next.contains("\\"), next.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return false }
        let path = next.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return path != login && path != logout
    }

    /// The `next` a login may go to: `next` when it is local, else the timeline.
    static func safe(_ next: String?) -> String {
        guard let next, isLocal(next) else { return "/" }
        return next
    }
}
