import DaybookTestSupport
import DaybookWeb
import Foundation
import XCTest

/// `serve --https`'s certificates as files, read back by openssl: a CA that may sign and
/// nothing else, a server certificate for every name of the machine that openssl verifies
/// against it, private keys only their owner reads, reuse across starts, and a new server
/// certificate when the names change or its end nears.
final class LocalAuthorityTests: XCTestCase {
    static let names = CertificateNames(
        machine: MachineNames(names: ["kitchen-pc", "kitchen-pc.local"], addresses: ["192.168.1.20", "2001:db8::7"]), host: "0.0.0.0",
        allowedHosts: ["journal.example:443", "10.0.0.5"])

    func testTheAuthorityAndServerCertificateAreWhatBrowsersAndOpensslAccept() throws {
        let folder = try TemporaryFolder.make("daybook-tls").appendingPathComponent("tls")
        let made = try LocalCertificates.prepare(in: folder, names: Self.names, machine: "kitchen-pc")
        XCTAssertTrue(made.issued)
        let authority = folder.appendingPathComponent("authority.crt").path
        let server = folder.appendingPathComponent("server.crt").path

        let authorityText = try ExternalTool.openssl(["x509", "-in", authority, "-noout", "-text"])
        XCTAssertTrue(authorityText.contains("CA:TRUE, pathlen:0"), authorityText)
        XCTAssertTrue(authorityText.contains("Certificate Sign, CRL Sign"), authorityText)
        XCTAssertTrue(authorityText.contains("Subject: O = Daybook, CN = Daybook local authority (kitchen-pc)"), authorityText)
        XCTAssertTrue(authorityText.contains("ASN1 OID: prime256v1"), authorityText)

        let serverText = try ExternalTool.openssl(["x509", "-in", server, "-noout", "-text"])
        for expected in [
            "CA:FALSE", "Digital Signature", "TLS Web Server Authentication", "ASN1 OID: prime256v1", "ecdsa-with-SHA256",
            "DNS:localhost, DNS:kitchen-pc, DNS:kitchen-pc.local, DNS:journal.example, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, "
                + "IP Address:192.168.1.20, IP Address:2001:DB8:0:0:0:0:0:7, IP Address:10.0.0.5",
        ] {
            XCTAssertTrue(serverText.contains(expected), "\(expected)\n\(serverText)")
        }
        XCTAssertEqual(try ExternalTool.openssl(["verify", "-CAfile", authority, "-purpose", "sslserver", server]), "\(server): OK\n")
        XCTAssertEqual(
            try ExternalTool.openssl(["verify", "-CAfile", authority, "-verify_hostname", "kitchen-pc.local", server]), "\(server): OK\n")
        let wrongName = try ExternalTool.run("openssl", ["verify", "-CAfile", authority, "-verify_hostname", "evil.example", server])
        XCTAssertNotEqual(wrongName.status, 0, "a name it was not issued for")

        // At most 397 days, as Apple requires of a trusted TLS certificate.
        let dates = try ExternalTool.openssl(["x509", "-in", server, "-noout", "-startdate", "-enddate"])
        let parsed = dates.matches(of: /=(.+ GMT)/).map { String($0.output.1) }.compactMap(Self.opensslDate)
        XCTAssertEqual(parsed.count, 2, dates)
        let days = (parsed[1].timeIntervalSince(parsed[0])) / 86_400
        XCTAssertLessThanOrEqual(days, 397, dates)
        XCTAssertGreaterThan(days, 390, dates)

        // The fingerprint the trust page shows is openssl's.
        let fingerprint = try ExternalTool.openssl(["x509", "-in", authority, "-noout", "-fingerprint", "-sha256"])
        XCTAssertEqual(fingerprint, "sha256 Fingerprint=\(made.authority.fingerprint)\n")
        let derFile = folder.deletingLastPathComponent().appendingPathComponent("ca.der")
        try Data(made.authority.der).write(to: derFile)
        XCTAssertEqual(
            try ExternalTool.openssl(["x509", "-inform", "DER", "-in", derFile.path, "-noout", "-subject"]),
            "subject=O = Daybook, CN = Daybook local authority (kitchen-pc)\n")
        XCTAssertEqual(made.authority.name, "Daybook local authority (kitchen-pc)")
    }

    func testKeysAreTheOwnersAloneInAFolderOnlyTheOwnerEnters() throws {
        let parent = try TemporaryFolder.make("daybook-tls")
        let folder = parent.appendingPathComponent("tls")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        _ = try LocalCertificates.prepare(in: folder, names: Self.names, machine: "kitchen-pc")
        XCTAssertEqual(try Self.mode(folder), 0o700, "a wider folder is narrowed")
        XCTAssertEqual(try Self.mode(folder.appendingPathComponent("authority.key")), 0o600)
        XCTAssertEqual(try Self.mode(folder.appendingPathComponent("server.key")), 0o600)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["authority.crt", "authority.key", "server.crt", "server.key"], "no temporary file is left")

        // A symbolic link in place of the folder, or of a key, is refused, never followed.
        let elsewhere = parent.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        let linked = parent.appendingPathComponent("linked-tls")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: elsewhere)
        XCTAssertThrowsError(try LocalCertificates.prepare(in: linked, names: Self.names, machine: "kitchen-pc")) {
            XCTAssertTrue("\($0)".contains("is not a folder (a symbolic link there is refused)"), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
        let key = folder.appendingPathComponent("authority.key")
        try FileManager.default.removeItem(at: key)
        try FileManager.default.createSymbolicLink(at: key, withDestinationURL: elsewhere.appendingPathComponent("planted.key"))
        XCTAssertThrowsError(try LocalCertificates.prepare(in: folder, names: Self.names, machine: "kitchen-pc")) {
            XCTAssertTrue("\($0)".contains("authority.key: it is a symbolic link"), "\($0)")
        }
    }

    func testTheAuthorityIsKeptAndTheServerCertificateIssuedAgainOnlyWhenNeeded() throws {
        let folder = try TemporaryFolder.make("daybook-tls").appendingPathComponent("tls")
        let now = Date()
        let first = try LocalCertificates.prepare(in: folder, names: Self.names, machine: "kitchen-pc", now: now)
        let serverFile = folder.appendingPathComponent("server.crt")
        let firstServer = try Data(contentsOf: serverFile)

        let again = try LocalCertificates.prepare(in: folder, names: Self.names, machine: "kitchen-pc", now: now + 86_400)
        XCTAssertFalse(again.issued)
        XCTAssertEqual(again.authority, first.authority)
        XCTAssertEqual(try Data(contentsOf: serverFile), firstServer)

        let moved = CertificateNames(hosts: Self.names.hosts, addresses: Self.names.addresses.dropLast() + ["192.168.1.31"])
        let renamed = try LocalCertificates.prepare(in: folder, names: moved, machine: "kitchen-pc", now: now + 86_400)
        XCTAssertTrue(renamed.issued, "a new address needs a new certificate")
        XCTAssertEqual(renamed.authority, first.authority, "from the same authority, which phones already trust")
        XCTAssertTrue(
            try ExternalTool.openssl(["x509", "-in", serverFile.path, "-noout", "-ext", "subjectAltName"]).contains("192.168.1.31"))

        let late = try LocalCertificates.prepare(in: folder, names: moved, machine: "kitchen-pc", now: now + 380 * 86_400)
        XCTAssertTrue(late.issued, "within 30 days of its end")
        XCTAssertEqual(late.authority, first.authority)

        // A damaged authority is not silently replaced: phones trust the one there.
        try Data("not a key".utf8).write(to: folder.appendingPathComponent("authority.key"))
        XCTAssertThrowsError(try LocalCertificates.prepare(in: folder, names: moved, machine: "kitchen-pc")) {
            XCTAssertTrue("\($0)".contains("is incomplete or damaged; move that folder away"), "\($0)")
        }
    }

    static func mode(_ url: URL) throws -> Int {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    static func opensslDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        return formatter.date(from: text.replacingOccurrences(of: "  ", with: " "))
    }
}
