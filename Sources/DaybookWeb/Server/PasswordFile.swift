import Foundation
import HummingbirdBcrypt

/// `--password-file`: a file holding a bcrypt hash (as `daybook serve --hash-password` prints
/// it), never the password itself.
package enum PasswordFile {
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

    /// A bcrypt hash of `password` (cost 12: about a quarter of a second here).
    package static func hash(_ password: String) -> String { Bcrypt.hash(password, cost: 12) }

    static func verify(_ password: String, hash: String) -> Bool { Bcrypt.verify(password, hash: hash) }
}
