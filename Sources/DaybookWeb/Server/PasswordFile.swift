import Foundation
import HummingbirdBasicAuth
import HummingbirdBcrypt

/// `--password-file`: a file holding a bcrypt hash (as `daybook serve --hash-password` prints
/// it), never the password itself.
package enum PasswordFile {
    /// bcrypt reads at most 72 bytes and ignores the rest, so a longer password would be
    /// accepted with anything after its 72nd byte. Longer ones are refused instead: no hash is
    /// made of one, and none is ever accepted at login.
    package static let longestPassword = 72

    package static func readHash(_ path: String) throws(WebError) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096,
            let text = String(data: data, encoding: .utf8)
        else { throw .passwordFile("cannot read the password file \(path)") }
        let hash = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard hash.hasPrefix("$2"), hash.count == 60 else {
            throw .passwordFile("\(path) does not hold a bcrypt hash: make one with `daybook serve --hash-password`")
        }
        return hash
    }

    /// A bcrypt hash of `password` (cost 12: slow on purpose, so that guessing is slow too).
    package static func hash(_ password: String) throws(WebError) -> String {
        guard password.utf8.count <= longestPassword else { throw .passwordTooLong(password.utf8.count) }
        guard !holdsNUL(password) else { throw .passwordHoldsNUL }
        return Bcrypt.hash(password, cost: 12)
    }

    /// bcrypt takes a password as a C string and stops at its first NUL byte, so one with a
    /// NUL would be accepted with anything after it. None is hashed, and none is ever accepted.
    static func holdsNUL(_ password: String) -> Bool { password.utf8.contains(0) }

    /// Whether `password` is the one `hash` was made from. bcrypt runs on NIO's thread pool
    /// (hummingbird-auth's verifier), never on the executor that answers requests: a guess's
    /// deliberately slow check there would stall every other request behind it.
    static func verify(_ password: String, hash: String) async throws -> Bool {
        guard password.utf8.count <= longestPassword, !holdsNUL(password) else { return false }
        return try await BcryptPasswordVerifier().verifyPassword(password, createsHash: hash)
    }
}
