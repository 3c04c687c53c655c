import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate authority of this machine's own, as mkcert makes one: its certificate is
/// installed once on each phone, and it signs the server certificate of `serve --https`.
/// ECDSA P-256 throughout: small, fast, and accepted by every browser.
struct LocalAuthority {
    let certificate: Certificate
    let key: Certificate.PrivateKey

    /// How long the authority lasts: ten years, as a phone should not need it installed again.
    static let lifetime: TimeInterval = 10 * 365 * 86_400
    /// A server certificate's validity, under Apple's limit of 398 days for trusted TLS
    /// certificates (with an hour's margin for the clocks of the two machines).
    static let serverLifetime: TimeInterval = 396 * 86_400
    /// Backdated so that a phone whose clock is a little behind already accepts it.
    static let backdate: TimeInterval = 3_600

    /// A new authority named after this machine.
    static func make(machine: String, now: Date = Date()) throws -> LocalAuthority {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try DistinguishedName {
            OrganizationName("Daybook")
            CommonName("Daybook local authority (\(machine))")
        }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(hash: key.publicKey)
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now - backdate, notValidAfter: now + lifetime, issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: key)
        return LocalAuthority(certificate: certificate, key: key)
    }

    /// A server certificate for `names`, signed by this authority, and its new key.
    func issue(for names: CertificateNames, now: Date = Date()) throws -> (Certificate, Certificate.PrivateKey) {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try DistinguishedName {
            OrganizationName("Daybook")
            CommonName(names.hosts.first { $0 != "localhost" } ?? "localhost")
        }
        let alternatives =
            names.hosts.map { GeneralName.dnsName($0) }
            + names.addresses.compactMap { CertificateNames.addressBytes($0) }.map {
                GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice($0)))
            }
        let authorityID = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(alternatives)
            AuthorityKeyIdentifier(keyIdentifier: authorityID)
            SubjectKeyIdentifier(hash: key.publicKey)
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now - Self.backdate, notValidAfter: now - Self.backdate + Self.serverLifetime,
            issuer: self.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: self.key)
        return (certificate, key)
    }

    /// Whether `server` was signed by this authority.
    func signed(_ server: Certificate) -> Bool {
        server.issuer == certificate.subject && certificate.publicKey.isValidSignature(server.signature, for: server)
    }

    /// The names a server certificate is good for.
    static func names(of server: Certificate) -> CertificateNames? {
        guard let alternatives = try? server.extensions.subjectAlternativeNames else { return nil }
        var hosts: [String] = []
        var addresses: [String] = []
        for name in alternatives {
            switch name {
            case .dnsName(let host): hosts.append(host)
            case .ipAddress(let bytes): if let text = CertificateNames.addressText(Array(bytes.bytes)) { addresses.append(text) }
            default: continue
            }
        }
        return CertificateNames(hosts: hosts, addresses: addresses)
    }
}

/// The authority's certificate as the `/trust` page offers it: DER bytes (what a phone
/// installs), its name, and its SHA-256 fingerprint to compare on the phone.
package struct AuthorityCertificate: Sendable, Equatable {
    package let der: [UInt8]
    package let name: String

    init(_ certificate: Certificate) throws {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        der = serializer.serializedBytes
        let commonNames = certificate.subject.flatMap { $0 }.filter { $0.type == .RDNAttributeType.commonName }
        name = commonNames.first.map { String(describing: $0.value) } ?? certificate.subject.description
    }

    /// `AB:CD:…`: the SHA-256 of the DER bytes, as phones and `openssl x509 -fingerprint -sha256` show it.
    package var fingerprint: String {
        SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
    }
}
