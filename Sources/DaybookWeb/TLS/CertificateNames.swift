import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The names and addresses the server certificate of `serve --https` is good for: every way a
/// browser on this machine or the home network may reach it, so the one certificate works
/// whichever a phone is given.
package struct CertificateNames: Sendable, Equatable {
    /// Host names, lower-case (subjectAltName dNSName entries).
    package let hosts: [String]
    /// IPv4 and IPv6 addresses in text form (subjectAltName iPAddress entries).
    package let addresses: [String]

    package init(hosts: [String], addresses: [String]) {
        self.hosts = Self.unique(hosts.map { $0.lowercased() })
        self.addresses = Self.unique(addresses.compactMap(Self.canonicalAddress))
    }

    /// localhost and loopback, the machine's names (`kitchen-pc`, `kitchen-pc.local`) and
    /// addresses, the address `--host` names, and every `--allowed-host` (without its port).
    package init(machine: MachineNames, host: String, allowedHosts: [String]) {
        var hosts = ["localhost"] + machine.names
        var addresses = ["127.0.0.1", "::1"] + machine.addresses
        var given = allowedHosts.compactMap { AllowedHosts.split($0)?.host }
        if !WebConfiguration.isEveryInterface(host) { given.append(AllowedHosts.hostPart(host)) }
        for name in given {
            let bare = name.hasPrefix("[") ? String(name.dropFirst().dropLast()) : name
            if Self.addressBytes(bare) != nil { addresses.append(bare) } else { hosts.append(bare) }
        }
        self.init(hosts: hosts, addresses: addresses)
    }

    /// The same names, in any order.
    func sameSet(as other: CertificateNames) -> Bool {
        Set(hosts) == Set(other.hosts) && Set(addresses) == Set(other.addresses)
    }

    /// 4 bytes for IPv4, 16 for IPv6; nil for anything else.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var version4 = in_addr()
        if inet_pton(AF_INET, text, &version4) == 1 { return withUnsafeBytes(of: &version4) { Array($0) } }
        var version6 = in6_addr()
        if inet_pton(AF_INET6, text, &version6) == 1 { return withUnsafeBytes(of: &version6) { Array($0) } }
        return nil
    }

    /// An address's text from its bytes, as `inet_ntop` writes it.
    static func addressText(_ bytes: [UInt8]) -> String? {
        let family = bytes.count == 4 ? AF_INET : bytes.count == 16 ? AF_INET6 : nil
        guard let family else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let done = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        return done ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    private static func canonicalAddress(_ text: String) -> String? { addressBytes(text).flatMap(addressText) }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
