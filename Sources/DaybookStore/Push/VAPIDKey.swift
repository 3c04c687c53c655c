import Crypto
import Foundation

/// The library's VAPID key (RFC 8292): the push services know the reminder's sender by it. Made
/// on first use and kept in `LIBRARY/push-vapid.json`, since every subscription a browser
/// makes names its public key; a new key would orphan them all. Here in the store because
/// both the web journal (which hands browsers the public key) and the reminder (which signs
/// with it) read it.
package struct VAPIDKey {
    static let fileName = "push-vapid.json"

    private struct Stored: Codable {
        var version = 1
        /// The private key's 32 bytes, base64url.
        var privateKey: String
    }

    package let key: P256.Signing.PrivateKey

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point, base64url.
    package var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// The kept key, or a new one kept now. Under a lock: two processes making the first key
    /// at once would otherwise each hand out a different one.
    package static func load(in library: Library) throws -> VAPIDKey {
        if let kept = try read(in: library) { return kept }
        return try LibraryFile.locked(fileName, in: library) {
            if let kept = try read(in: library) { return kept }
            let key = P256.Signing.PrivateKey()
            try library.writeFile(
                try LibraryFile.encoder.encode(Stored(privateKey: Base64URL.encode(key.rawRepresentation))), name: fileName)
            return VAPIDKey(key: key)
        }
    }

    private static func read(in library: Library) throws -> VAPIDKey? {
        guard let data = try LibraryFile.read(fileName, in: library, maximumBytes: 4096) else { return nil }
        guard let stored = try? LibraryFile.decoder.decode(Stored.self, from: data),
            let raw = Base64URL.decode(stored.privateKey), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw)
        else { throw LibraryFileError("\(library.root.appendingPathComponent(fileName).path) is not a VAPID key") }
        return VAPIDKey(key: key)
    }
}
