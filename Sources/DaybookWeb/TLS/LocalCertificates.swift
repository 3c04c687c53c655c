import Foundation
import SwiftASN1
import X509

/// `serve --https`: the local authority and the server certificate it signed, kept in the
/// library's `tls/` folder (docs/web.md, "HTTPS"). The authority is made once and reused, so
/// a phone trusts it once; the server certificate is issued again when the names it must
/// cover change, when it nears its end, or when it is not the authority's.
package struct LocalCertificates: Sendable {
    package let identity: TLSIdentity
    package let authority: AuthorityCertificate
    /// Whether this start issued the server certificate (rather than reusing the one there).
    package let issued: Bool

    static let authorityCertificate = "authority.crt"
    static let authorityKey = "authority.key"
    static let serverCertificate = "server.crt"
    static let serverKey = "server.key"
    /// A server certificate with less than this left is issued again.
    static let renewBefore: TimeInterval = 30 * 86_400

    /// Reads or makes the certificates in `folder` for `names`.
    package static func prepare(in folder: URL, names: CertificateNames, machine: String, now: Date = Date()) throws(WebError)
        -> LocalCertificates
    {
        let files = try PrivateFolder(folder)
        let authority = try openAuthority(files, machine: machine, now: now)
        var issued = false
        var server = try? reusableServer(files, authority: authority, names: names, now: now)
        if server == nil {
            do {
                let (certificate, key) = try authority.issue(for: names, now: now)
                server = (try certificate.serializeAsPEM().pemString, try key.serializeAsPEM().pemString)
            } catch {
                throw .tls("cannot issue a server certificate: \(error)")
            }
            // The key first: a stop between the two leaves a pair that does not match, which
            // the next start issues again.
            try files.write(Data(server!.key.utf8), to: serverKey, mode: 0o600)
            try files.write(Data(server!.certificate.utf8), to: serverCertificate, mode: 0o644)
            issued = true
        }
        let (certificatePEM, keyPEM) = server!
        do {
            return LocalCertificates(
                identity: try TLSIdentity(
                    certificatePEM: certificatePEM, keyPEM: keyPEM,
                    certificateName: files.url.appendingPathComponent(serverCertificate).path,
                    keyName: files.url.appendingPathComponent(serverKey).path),
                authority: try AuthorityCertificate(authority.certificate), issued: issued)
        } catch let error as WebError {
            throw error
        } catch {
            throw .tls("cannot read the local authority's certificate: \(error)")
        }
    }

    /// The authority in the folder, or a new one when there is none. One that is there but
    /// damaged is not replaced: the phones that trust it would silently stop trusting this
    /// server.
    private static func openAuthority(_ files: PrivateFolder, machine: String, now: Date) throws(WebError) -> LocalAuthority {
        let certificateText = try files.read(authorityCertificate)
        let keyText = try files.read(authorityKey)
        let location = files.url.path
        guard certificateText != nil || keyText != nil else {
            let authority: LocalAuthority
            let certificatePEM: String
            let keyPEM: String
            do {
                authority = try LocalAuthority.make(machine: machine, now: now)
                certificatePEM = try authority.certificate.serializeAsPEM().pemString
                keyPEM = try authority.key.serializeAsPEM().pemString
            } catch {
                throw .tls("cannot make a local certificate authority: \(error)")
            }
            try files.write(Data(keyPEM.utf8), to: authorityKey, mode: 0o600)
            try files.write(Data(certificatePEM.utf8), to: authorityCertificate, mode: 0o644)
            return authority
        }
        guard let certificateText, let keyText,
            let certificate = try? Certificate(pemEncoded: String(decoding: certificateText, as: UTF8.self)),
            let key = try? Certificate.PrivateKey(pemEncoded: String(decoding: keyText, as: UTF8.self)),
            key.publicKey == certificate.publicKey
        else {
            throw .tls(
                "the local certificate authority in \(location) is incomplete or damaged; move that folder away to make a new one "
                    + "(every phone must then trust the new one)")
        }
        guard certificate.notValidAfter > now + renewBefore else {
            throw .tls(
                "the local certificate authority in \(location) ends on \(certificate.notValidAfter); move that folder away to make "
                    + "a new one (every phone must then trust the new one)")
        }
        return LocalAuthority(certificate: certificate, key: key)
    }

    /// The server certificate and key in the folder, when they fit: signed by `authority`,
    /// the key theirs, for exactly `names`, and far enough from their end.
    private static func reusableServer(_ files: PrivateFolder, authority: LocalAuthority, names: CertificateNames, now: Date) throws
        -> (certificate: String, key: String)?
    {
        guard let certificateData = try files.read(serverCertificate), let keyData = try files.read(serverKey) else { return nil }
        let certificateText = String(decoding: certificateData, as: UTF8.self)
        let keyText = String(decoding: keyData, as: UTF8.self)
        let certificate = try Certificate(pemEncoded: certificateText)
        let key = try Certificate.PrivateKey(pemEncoded: keyText)
        guard key.publicKey == certificate.publicKey, authority.signed(certificate),
            certificate.notValidBefore <= now, certificate.notValidAfter > now + renewBefore,
            let covered = LocalAuthority.names(of: certificate), covered.sameSet(as: names)
        else { return nil }
        return (certificateText, keyText)
    }
}
