import HTTPTypes
import Hummingbird

/// Headers on every answer, refusals and errors included: a Content-Security-Policy that
/// allows scripts, styles, videos, requests, the app manifest and the service worker only from
/// the journal itself (no inline script or
/// style), no framing, no sniffing, and a referrer only within the journal: `same-origin`, because
/// `no-referrer` makes browsers send `Origin: null` with a form POST, which the edit check
/// must refuse, while other sites (map tiles) still learn nothing.
struct SecurityHeaders: Sendable {
    let policy: String

    init(tiles: String?) {
        let tileOrigin = tiles.flatMap(WebConfiguration.origin).map { " \($0)" } ?? ""
        policy =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:\(tileOrigin); media-src 'self'; "
            + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    /// The headers, by name: also for the answers the server writes before any route
    /// (`OwnAnswerHeaders`).
    var fields: HTTPFields {
        [
            .contentSecurityPolicy: policy, .xContentTypeOptions: "nosniff", .init("X-Frame-Options")!: "DENY",
            .init("Referrer-Policy")!: "same-origin",
        ]
    }

    func apply(to response: inout Response) {
        for field in fields { response.headers[field.name] = field.value }
    }
}
