import Foundation
import HTTPTypes
import Hummingbird

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

    /// Whether a POST comes from a page of one of the journal's allowed names: an Origin (or,
    /// without one, a Referer) naming any other host is refused, and so is `Origin: null`; a
    /// request with neither must still carry the token. The request's own `Host` proves
    /// nothing (a DNS-rebinding page sets it), so the names come from the configuration.
    static func isSameOrigin(_ request: Request, allowed: AllowedHosts, boundPort: Int?) -> Bool {
        let source = request.headers[.origin] ?? request.headers[.referer]
        guard let source, source != "null" else { return request.headers[.origin] == nil }
        return allowed.acceptsOrigin(source, boundPort: boundPort)
    }
}
