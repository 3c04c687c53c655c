import Crypto
import Foundation
import HTTPTypes

/// A login kept in a cookie, so bcrypt runs once per browser and not on every request:
/// `EXPIRY.MAC`, the expiry (Unix seconds) signed with HMAC-SHA256 under a key made at each
/// start and never written anywhere. A restart therefore logs everyone out; a cookie cannot
/// be made or extended without the key, and it holds nothing about the password.
struct SessionCookie: Sendable {
    static let lifetimeSeconds = 12 * 60 * 60

    /// Kept as bytes: `SymmetricKey` is not `Sendable`.
    private let keyBytes: [UInt8] = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// Per port: two journals on one machine share cookies (cookies ignore the port), and
    /// each would otherwise overwrite the other's.
    static func name(port: Int?) -> String { "daybook-session-\(port ?? 0)" }

    /// The `Set-Cookie` value after a right password: HttpOnly (no script reads it),
    /// SameSite=Lax (another site's page may link here, and the person arrives logged in, as
    /// an installed web app opened from a link does, but no other site's form or script sends
    /// it), and Secure over TLS (never sent in the clear).
    func issue(port: Int?, secure: Bool, now: Date = Date()) -> String {
        let expiry = Int(now.timeIntervalSince1970) + Self.lifetimeSeconds
        return "\(Self.name(port: port))=\(expiry).\(signature(expiry)); Path=/; Max-Age=\(Self.lifetimeSeconds); "
            + Self.attributes(secure: secure)
    }

    /// The `Set-Cookie` value that logs out: the cookie emptied and expired.
    static func expired(port: Int?, secure: Bool) -> String {
        "\(name(port: port))=; Path=/; Max-Age=0; " + attributes(secure: secure)
    }

    private static func attributes(secure: Bool) -> String { "HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "") }

    /// Whether the request carries a cookie this server issued that has not expired.
    func accepts(_ headers: HTTPFields, port: Int?, now: Date = Date()) -> Bool {
        let prefix = Self.name(port: port) + "="
        let values = headers[values: .cookie].flatMap { $0.split(separator: ";") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
        return values.contains { value in
            let parts = value.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let expiry = Int(parts[0]), let mac = Self.bytes(hex: parts[1]) else { return false }
            let seconds = Int(now.timeIntervalSince1970)
            guard expiry > seconds, expiry <= seconds + Self.lifetimeSeconds else { return false }
            // Constant time, whatever the presented bytes.
            return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Self.message(expiry), using: key)
        }
    }

    private func signature(_ expiry: Int) -> String {
        HMAC<SHA256>.authenticationCode(for: Self.message(expiry), using: key).map { String(format: "%02x", $0) }.joined()
    }

    private static func message(_ expiry: Int) -> Data { Data("daybook-session \(expiry)".utf8) }

    private static func bytes(hex: Substring) -> [UInt8]? {
        // Only the form `issue` writes: 64 lower-case hex digits.
        let values = hex.utf8.map { digit -> UInt8? in
            switch digit {
            case 0x30...0x39: return digit - 0x30
            case 0x61...0x66: return digit - 0x61 + 10
            default: return nil
            }
        }
        guard values.count == 64, !values.contains(nil) else { return nil }
        let digits = values.map { $0! }
        return stride(from: 0, to: 64, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
