import Foundation

/// The names this server answers to, checked against every request's `Host` and every edit's
/// `Origin`. Against DNS rebinding: a page on evil.example whose name is re-pointed at
/// 127.0.0.1 reaches this server with `Host: evil.example`, so a name that is not one of these
/// is refused before anything else runs. An attacker chooses the name, never the address, so
/// the name is what is checked; a port, when given, must be the one the server listens on.
struct AllowedHosts: Sendable {
    /// One accepted name, with the ports it may carry.
    struct Name: Sendable, Equatable {
        enum Port: Sendable, Equatable {
            /// The port the server is bound to (or none, the scheme's default).
            case bound
            /// Any port or none: an `--allowed-host NAME` a proxy forwards with its own port.
            case any
            case exactly(Int)
        }

        let host: String
        let port: Port
    }

    let names: [Name]
    /// With `--host 0.0.0.0` (or `::`): any IP address literal with the bound port. A browser
    /// sends an address as `Host` only for a page loaded from that address, which is this
    /// server's own origin, so an address cannot be a rebinding.
    let anyAddress: Bool

    init(names: [Name], anyAddress: Bool = false) {
        self.names = names
        self.anyAddress = anyAddress
    }

    /// The name to show in a refusal: the bound address; for a wildcard the machine's
    /// `.local` name, or 127.0.0.1 when it has none.
    var home: String {
        let own = names.filter { $0.host != "localhost" && $0.port == .bound }
        return (own.first { $0.host.hasSuffix(".local") } ?? own.first)?.host ?? "127.0.0.1"
    }

    /// Loopback: the bound address and `localhost`. Beyond loopback: the address given to
    /// `--host`; for a wildcard, any address and the machine's own names (`kitchen-pc`,
    /// `kitchen-pc.local`), which a phone on the home network types. Both: every
    /// `--allowed-host`.
    init(_ configuration: WebConfiguration, machine: @autoclosure () -> MachineNames = MachineNames.current()) {
        let bound = Self.hostPart(configuration.host)
        var hosts = ["localhost"]
        let wildcard = WebConfiguration.isEveryInterface(configuration.host)
        if !wildcard && bound != "localhost" { hosts.append(bound) }
        if bound == "localhost" { hosts += ["127.0.0.1", "[::1]"] }
        if wildcard { hosts += machine().names.filter { !hosts.contains($0) } }
        var names = hosts.map { Name(host: $0, port: .bound) }
        names += configuration.allowedHosts.compactMap(Self.allowedName)
        self.init(names: names, anyAddress: wildcard && !WebConfiguration.isLoopback(configuration.host))
    }

    /// Whether `authority` (a `Host` value: `name`, `name:port`, `[v6]:port`) is one of these
    /// names, for a server bound to `boundPort` (nil while unknown: then only a bare name).
    func accepts(_ authority: String, boundPort: Int?) -> Bool {
        guard let (host, port) = Self.split(authority) else { return false }
        func portFits(_ rule: Name.Port) -> Bool {
            guard let port else { return true }
            switch rule {
            case .any: return true
            case .bound: return port == boundPort
            case .exactly(let wanted): return port == wanted
            }
        }
        if names.contains(where: { $0.host == host && portFits($0.port) }) { return true }
        return anyAddress && Self.isAddress(host) && portFits(.bound)
    }

    /// Whether an `Origin` (or `Referer`) URL names this journal: http(s) and an accepted
    /// authority.
    func acceptsOrigin(_ url: String, boundPort: Int?) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", var host = components.host, !host.isEmpty
        else { return false }
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        return accepts(components.port.map { "\(host):\($0)" } ?? host, boundPort: boundPort)
    }

    /// `--allowed-host` as given: `NAME` (any port) or `NAME:PORT`; nil when it is not a host name.
    static func allowedName(_ text: String) -> Name? {
        guard let (host, port) = split(text) else { return nil }
        return Name(host: host, port: port.map(Name.Port.exactly) ?? .any)
    }

    /// Lower-cased host and port of an authority; nil for anything that is not one (user
    /// info, paths, spaces, empty labels, a port that is not 1–65535).
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        let text = authority.lowercased()
        var host = Substring(text)
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[...close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
            guard isAddress(String(host)) else { return nil }
        } else {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            if parts.count == 2 { portText = parts[1] }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard !host.isEmpty, host.utf8.count <= 253,
                labels.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { Self.nameBytes.contains($0) } })
            else { return nil }
        }
        guard let portText else { return (String(host), nil) }
        guard !portText.isEmpty, portText.utf8.count <= 5, portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let port = Int(portText), (1...65535).contains(port)
        else { return nil }
        return (String(host), port)
    }

    private static let nameBytes = Set(Array("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8))

    /// `configuration.host` as it appears in a `Host` header: IPv6 in brackets.
    static func hostPart(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }

    /// An IPv4 dotted quad or a bracketed IPv6 address.
    static func isAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") && host.hasSuffix("]") {
            var address = in6_addr()
            return inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1
        }
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }
}
