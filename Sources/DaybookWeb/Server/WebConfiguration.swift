import DaybookImaging
import DaybookStore
import Foundation

/// How `daybook serve` runs.
package struct WebConfiguration: Sendable {
    package var host = "127.0.0.1"
    package var port = 8080
    /// Online map tiles (`https://…/{z}/{x}/{y}.png`); without them the maps draw the
    /// country outlines compiled into the binary.
    package var tiles: String?
    /// A bcrypt hash: required when `host` is not loopback; every request then needs it
    /// (HTTP Basic authentication, any user name).
    package var passwordHash: String?
    /// Where Debian's libjs-leaflet and libjs-leaflet.markercluster put their files.
    package var javascriptFolder = URL(fileURLWithPath: "/usr/share/javascript")
    /// Entries on one timeline page.
    package var pageSize = 60
    /// `--allowed-host`: more names the server answers to (`NAME` with any port, or
    /// `NAME:PORT`), for a reverse proxy or a tunnel. The bound address and `localhost` are
    /// always allowed; any other `Host` is refused (docs/web.md, "DNS rebinding").
    package var allowedHosts: [String] = []
    /// How many wrong passwords a client address may send, and how long it then waits.
    package var loginLimits = LoginLimits()
    /// More folders `/originals` and previews may read photos from, besides the ones the library ingests from.
    package var originalFolders: [String] = []
    /// What previews and JPEG renditions may decode: the per-image ceiling and the budget
    /// shared with every other decode in the process.
    package var decodeLimits: DecodeLimits = .standard
    /// HTTPS: the certificate and key the server presents (`--tls-cert`/`--tls-key`, or the
    /// ones `--https` keeps in the library). Without it the server speaks plain HTTP.
    package var tls: TLSIdentity?
    /// With `--https`: the local authority's certificate, which `/trust` offers to phones.
    package var authority: AuthorityCertificate?
    /// How long a connection may stay silent, with no request in progress (a kept-alive one
    /// between requests, or one that never sends a byte), before the server closes it. A
    /// request being read or answered is never cut.
    package var idleTimeout: Duration = .seconds(30)
    /// Connections served at once; further ones wait in the kernel's queue until one closes.
    /// Below the usual limit of 1,024 open files, so that sockets alone never use up the
    /// descriptors the journal's database and photos need.
    package var connectionLimit = 512
    /// `--uploads`: where `POST /uploads` keeps files; nil for `LIBRARY/uploads`.
    package var uploadsFolder: String?
    /// `--max-upload` and `--upload-stall`.
    package var uploadLimits = UploadLimits()
    /// `--write-sidecars`: edits reach the photos' XMP sidecars whatever `daybook sidecars` says.
    package var writeSidecars = false
    /// Called with each entry an upload made (`serve` queues its weather, as `watch` does).
    package var onNewUpload: @Sendable (JournalEntry) -> Void = { _ in }

    package init() {}

    /// Whether `host` only ever reaches this machine: 127.0.0.0/8, ::1 or "localhost".
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Whether `host` is the address of every interface: 0.0.0.0 or ::.
    package static func isEveryInterface(_ host: String) -> Bool { ["0.0.0.0", "::", "[::]"].contains(host) }

    /// Refuses what must not run: a non-loopback address without a password, or tiles that
    /// are not an http(s) URL with {z}, {x} and {y}.
    package func validate() throws(WebError) {
        if !Self.isLoopback(host) && passwordHash == nil { throw .passwordRequired(host) }
        if let tiles {
            guard let origin = Self.origin(of: tiles), ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains), !origin.contains("'"),
                !origin.contains(";")
            else { throw .badTiles(tiles) }
        }
        guard (1...65535).contains(port) || port == 0 else { throw .badPort(port) }
        for name in allowedHosts where AllowedHosts.allowedName(name) == nil { throw .badAllowedHost(name) }
    }

    /// "https://tile.example.org" for a tile URL: what the Content-Security-Policy allows
    /// images from.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
            let scheme = components.scheme, scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
    }
}

package enum WebError: Error, Sendable, Equatable, CustomStringConvertible {
    case passwordRequired(String)
    case badTiles(String)
    case badPort(Int)
    case passwordFile(String)
    case badAllowedHost(String)
    case passwordTooLong(Int)
    case passwordHoldsNUL
    /// A certificate, key or TLS folder that cannot be used: the line names the file.
    case tls(String)

    package var description: String {
        switch self {
        case .passwordRequired(let host):
            return "refusing to listen on \(host) without --password-file: only loopback addresses (127.0.0.1, ::1) may run open"
        case .badTiles(let url): return "--tiles must be an http(s) URL with {z}, {x} and {y} (got \(url))"
        case .badPort(let port): return "--port must be 1–65535 (got \(port))"
        case .passwordFile(let message): return message
        case .badAllowedHost(let name):
            return "--allowed-host must be a host name or address, optionally with :PORT (got \(name.debugDescription))"
        case .tls(let message): return message
        case .passwordTooLong(let bytes):
            return "the password is \(bytes) bytes long; bcrypt reads only the first \(PasswordFile.longestPassword), "
                + "so daybook refuses longer ones: choose a password of at most \(PasswordFile.longestPassword) bytes"
        case .passwordHoldsNUL:
            return "the password holds a NUL byte, where bcrypt would stop reading: choose one without"
        }
    }
}
