import DaybookTestSupport
import DaybookWeb
import Foundation
import XCTest

/// `serve --tls-cert FILE --tls-key FILE`: a certificate of the person's own (here one openssl
/// makes, as `tailscale cert` or a CA would give) served over TLS to curl, which checks it;
/// and the one-line refusals that name the file for a missing, unreadable, foreign or
/// mismatched certificate or key.
final class GivenCertificateTests: XCTestCase {
    /// A self-signed certificate for localhost and 127.0.0.1 and its key, and another key.
    static func makeFiles(in folder: URL) throws -> (certificate: URL, key: URL, otherKey: URL) {
        let certificate = folder.appendingPathComponent("host.crt")
        let key = folder.appendingPathComponent("host.key")
        let otherKey = folder.appendingPathComponent("other.key")
        _ = try ExternalTool.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key.path, "-out",
            certificate.path, "-days", "30", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        _ = try ExternalTool.openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", otherKey.path])
        return (certificate, key, otherKey)
    }

    func testServeSpeaksTLSWithTheGivenCertificate() throws {
        let fixture = try WebFixture()
        let (certificate, key, _) = try Self.makeFiles(in: fixture.root)
        let serve = try DaybookChild(
            [
                "serve", "--library", fixture.store.library.root.path, "--port", "0", "--tls-cert", certificate.path, "--tls-key",
                key.path,
            ], log: fixture.root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let url = try XCTUnwrap(serve.waitForLog(#/serving \S+ at (https://127\.0\.0\.1:\d+/)/#, timeout: 60), serve.log)
        let checked = try ExternalTool.run("curl", ["-sS", "--cacert", certificate.path, "\(url)api/tags", "-w", "\n%{http_code}"])
        XCTAssertEqual(checked.status, 0, checked.errors)
        XCTAssertTrue(checked.output.hasSuffix("\n200"), checked.output)
        XCTAssertTrue(checked.output.hasPrefix("["), checked.output)
        let localhost = url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        XCTAssertEqual(try ExternalTool.run("curl", ["-sS", "--cacert", certificate.path, "-o", "/dev/null", localhost]).status, 0)
        // Without the certificate, curl does not trust it; and plain HTTP is not spoken.
        XCTAssertEqual(try ExternalTool.run("curl", ["-sS", "-o", "/dev/null", "\(url)api/tags"]).status, 60, "untrusted")
        let plain = url.replacingOccurrences(of: "https://", with: "http://")
        XCTAssertNotEqual(try ExternalTool.run("curl", ["-sS", "-o", "/dev/null", "-m", "5", "\(plain)api/tags"]).status, 0)
        XCTAssertEqual(serve.stop(), 0)
    }

    func testAFileThatCannotServeTLSIsNamedInOneLine() throws {
        let folder = try TemporaryFolder.make("daybook-tls-files")
        let (certificate, key, otherKey) = try Self.makeFiles(in: folder)
        let missing = folder.appendingPathComponent("missing.crt").path
        let notPEM = folder.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: notPEM)
        let cases: [(String, String, String)] = [
            (missing, key.path, "the TLS certificate file \(missing) does not exist"),
            (certificate.path, folder.path, "cannot read the TLS key file \(folder.path) (permissions?)"),
            (notPEM.path, key.path, "\(notPEM.path) holds no PEM certificate (a -----BEGIN CERTIFICATE----- block)"),
            (
                certificate.path, certificate.path,
                "\(certificate.path) holds no PEM private key this server can use (PKCS #8, EC or RSA; not encrypted)"
            ),
            (
                certificate.path, otherKey.path,
                "the key in \(otherKey.path) does not belong to the certificate in \(certificate.path) (their public keys differ)"
            ),
        ]
        for (certificateFile, keyFile, message) in cases {
            XCTAssertThrowsError(try TLSIdentity.load(certificate: certificateFile, key: keyFile)) {
                XCTAssertEqual("\($0)", message)
            }
        }
        XCTAssertNoThrow(try TLSIdentity.load(certificate: certificate.path, key: key.path))

        // The same line from the command, with exit status 1 and nothing served.
        let library = try WebFixture().store.library.root.path
        let run = try DaybookProcess.run(
            ["serve", "--port", "0", "--tls-cert", certificate.path, "--tls-key", otherKey.path], library: URL(fileURLWithPath: library))
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "daybook: error: the key in \(otherKey.path) does not belong to the certificate in \(certificate.path) (their public keys differ)\n"
        )
        let lonely = try DaybookProcess.run(
            ["serve", "--port", "0", "--tls-cert", certificate.path], library: URL(fileURLWithPath: library))
        XCTAssertEqual(lonely.status, 2, "a usage error")
        XCTAssertTrue(lonely.stderr.contains("--tls-cert and --tls-key go together"), lonely.stderr)
    }
}
