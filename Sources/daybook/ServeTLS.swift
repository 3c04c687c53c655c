import ArgumentParser
import DaybookWeb
import Foundation

/// `serve`'s HTTPS options: a certificate and key of the person's own (`--tls-cert`,
/// `--tls-key`), or the ones `--https` keeps in the library, signed by its local authority.
struct ServeTLS {
    let identity: TLSIdentity
    /// Set with `--https`: the authority `/trust` offers.
    let authority: AuthorityCertificate?

    static func validate(https: Bool, certificate: String?, key: String?) throws {
        guard (certificate == nil) == (key == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: give both files, or neither.")
        }
        guard !(https && certificate != nil) else {
            throw ValidationError("--https makes its own certificate, --tls-cert brings yours: choose one.")
        }
    }

    /// nil for plain HTTP.
    init?(https: Bool, certificate: String?, key: String?, library: URL, host: String, allowedHosts: [String]) throws(WebError) {
        if let certificate, let key {
            identity = try TLSIdentity.load(certificate: certificate, key: key)
            authority = nil
            return
        }
        guard https else { return nil }
        let machine = MachineNames.current()
        let names = CertificateNames(machine: machine, host: host, allowedHosts: allowedHosts)
        let local = try LocalCertificates.prepare(
            in: library.appendingPathComponent("tls"), names: names, machine: machine.names.first ?? "this computer")
        identity = local.identity
        authority = local.authority
    }
}
