import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The certificate chain and private key a TLS server presents, as PEM text, checked to belong
/// together before the server starts: a wrong file is named in one line at start, not found by
/// the first browser that cannot connect.
package struct TLSIdentity: Sendable {
    /// The server's certificate first, then any intermediates.
    package let certificatePEM: String
    package let keyPEM: String

    /// `--tls-cert` and `--tls-key`: each file read and parsed, and the key matched to the
    /// certificate; every refusal names the file it is about.
    package static func load(certificate: String, key: String) throws(WebError) -> TLSIdentity {
        try TLSIdentity(
            certificatePEM: read(certificate, what: "certificate"), keyPEM: read(key, what: "key"), certificateName: certificate,
            keyName: key)
    }

    /// `certificateName` and `keyName` say where the texts came from, in refusals.
    init(certificatePEM: String, keyPEM: String, certificateName: String, keyName: String) throws(WebError) {
        let documents = (try? PEMDocument.parseMultiple(pemString: certificatePEM)) ?? []
        let certificates = documents.filter { $0.discriminator == "CERTIFICATE" }
        guard let first = certificates.first else {
            throw .tls("\(certificateName) holds no PEM certificate (a -----BEGIN CERTIFICATE----- block)")
        }
        let leaf: Certificate
        do { leaf = try Certificate(pemDocument: first) } catch {
            throw .tls("the certificate in \(certificateName) cannot be read: \(error)")
        }
        let key: Certificate.PrivateKey
        do { key = try Certificate.PrivateKey(pemEncoded: keyPEM) } catch {
            throw .tls("\(keyName) holds no PEM private key this server can use (PKCS #8, EC or RSA; not encrypted)")
        }
        guard key.publicKey == leaf.publicKey else {
            throw .tls("the key in \(keyName) does not belong to the certificate in \(certificateName) (their public keys differ)")
        }
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        // BoringSSL reads them again for itself: what it refuses is refused at start too.
        do { _ = try NIOSSLContext(configuration: try serverConfiguration()) } catch {
            throw .tls("\(certificateName) and \(keyName) cannot serve TLS: \(error)")
        }
    }

    /// The server side of TLS 1.2 and 1.3 with this chain and key.
    package func serverConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }

    private static func read(_ path: String, what: String) throws(WebError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw .tls("the TLS \(what) file \(path) does not exist") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .tls("cannot read the TLS \(what) file \(path) (permissions?)")
        }
        // A certificate chain or key is a few kilobytes; anything far larger is another file.
        guard data.count < 1 << 20, let text = String(data: data, encoding: .utf8) else {
            throw .tls("the TLS \(what) file \(path) is not PEM text")
        }
        return text
    }
}
