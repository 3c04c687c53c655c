import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The names and addresses other machines on the home network reach this one by: what a
/// server bound to every interface prints for a phone to open, and answers to.
package struct MachineNames: Sendable, Equatable {
    /// The host name, lower-cased ("kitchen-pc"), and its first label with `.local`, the name
    /// mDNS (Avahi, Bonjour) answers for on the local network ("kitchen-pc.local").
    package let names: [String]
    /// IPv4 addresses of interfaces that are up and not loopback, then global IPv6 ones:
    /// link-local and unique-local IPv6 addresses need a zone or a router a phone may lack.
    package let addresses: [String]

    package init(names: [String], addresses: [String]) {
        self.names = names
        self.addresses = addresses
    }

    /// This machine's, as the system reports them now.
    package static func current() -> MachineNames {
        MachineNames(names: hostNames(), addresses: interfaceAddresses())
    }

    /// `http://NAME:PORT/` (or `https://`) for the `.local` name, then each address: the
    /// first is the one to type on a phone.
    package func urls(port: Int, scheme: String = "http") -> [String] {
        let local = names.filter { $0.hasSuffix(".local") }
        let bracketed = addresses.map { $0.contains(":") ? "[\($0)]" : $0 }
        return (local + bracketed).map { "\(scheme)://\($0):\(port)/" }
    }

    static func hostNames() -> [String] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        guard let label = name.split(separator: ".").first, AllowedHosts.split(name) != nil else { return [] }
        var names = [name]
        if !name.hasSuffix(".local") { names.append("\(label).local") }
        return names
    }

    static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var version4: [String] = []
        var version6: [String] = []
        var next = first
        while let interface = next {
            next = interface.pointee.ifa_next
            let flags = Int32(interface.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = interface.pointee.ifa_addr
            else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let text = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin_addr
                    return Self.text(AF_INET, &raw, length: INET_ADDRSTRLEN)
                }
                if let text, !version4.contains(text) { version4.append(text) }
            case AF_INET6:
                let text = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin6_addr
                    // Global unicast is 2000::/3.
                    let isGlobal = withUnsafeBytes(of: &raw) { $0[0] & 0xE0 == 0x20 }
                    return isGlobal ? Self.text(AF_INET6, &raw, length: INET6_ADDRSTRLEN) : nil
                }
                if let text, !version6.contains(text) { version6.append(text) }
            default: continue
            }
        }
        return version4 + version6
    }

    private static func text(_ family: Int32, _ raw: UnsafeMutableRawPointer, length: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(length))
        guard inet_ntop(family, raw, &buffer, socklen_t(length)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
