import Crypto
import DaybookStore
import Foundation

/// The library's VAPID key (RFC 8292): the push services know the reminder's sender by it. Made
/// on first use and kept in `LIBRARY/push-vapid.json`, since every subscription a browser
/// makes names its public key; a new key would orphan them all.
package struct VAPIDKey {
    static let fileName = "push-vapid.json"

    private struct Stored: Codable {
        var version = 1
        /// The private key's 32 bytes, base64url.
        var privateKey: String
    }

    let key: P256.Signing.PrivateKey

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point, base64url.
    package var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    package static func load(in library: Library) throws -> VAPIDKey {
        if let data = try LibraryFile.read(fileName, in: library, maximumBytes: 4096) {
            guard let stored = try? LibraryFile.decoder.decode(Stored.self, from: data),
                let raw = Base64URL.decode(stored.privateKey), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw)
            else { throw ReminderError("\(library.root.appendingPathComponent(fileName).path) is not a VAPID key") }
            return VAPIDKey(key: key)
        }
        let key = P256.Signing.PrivateKey()
        try library.writeFile(
            try LibraryFile.encoder.encode(Stored(privateKey: Base64URL.encode(key.rawRepresentation))), name: fileName)
        return VAPIDKey(key: key)
    }

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
