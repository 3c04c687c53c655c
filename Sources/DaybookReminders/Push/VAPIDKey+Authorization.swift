import Crypto
import DaybookStore
import Foundation

extension VAPIDKey {
    /// `Authorization: vapid t=JWT, k=KEY` for a push service at `endpoint`: a token for its
    /// origin, valid twelve hours, signed ES256, naming `contact` (a mailto: or https: URL).
    func authorization(endpoint: String, contact: String, now: Date = Date()) throws -> String {
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme, let host = url.host else {
            throw ReminderError("the push endpoint \(endpoint) is not a URL")
        }
        let origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": origin, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": contact], options: [.sortedKeys])
        let unsigned = header + "." + Base64URL.encode(claims)
        let signature = try key.signature(for: Data(unsigned.utf8))
        return "vapid t=\(unsigned).\(Base64URL.encode(signature.rawRepresentation)), k=\(publicKey)"
    }
}
