import Foundation

/// Why `serve` could not listen, in words that say what to do, when its address is the cause.
///
/// The server's own error is SwiftNIO's (`bind(descriptor:ptr:bytes:): Address already in use
/// (errno: 98)`), a type the CLI does not link against. So after a failed start the address is
/// tried once more with a plain socket, and its errno decides.
enum ListenProblem {
    /// The line for `daybook: error:`, or nil when the address can be bound (the failure lies
    /// elsewhere, and its own error is the one to show).
    static func explain(host: String, port: Int) -> String? {
        switch bindErrno(host: host, port: port) {
        case EADDRINUSE:
            return "port \(port) is in use (another daybook serve?): pick another with --port N, or stop that program"
        case EACCES:
            return "port \(port) needs root privileges: pick one above 1023 with --port N"
        case EADDRNOTAVAIL:
            return "\(host) is not an address of this machine: pick one of its own with --host, or leave --host out for 127.0.0.1"
        default:
            return nil
        }
    }

    /// The errno of binding a fresh TCP socket to `host`:`port` (0 when it binds; the socket is
    /// closed at once), nil when the host does not resolve.
    private static func bindErrno(host: String, port: Int) -> Int32? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else { return nil }
        defer { freeaddrinfo(found) }
        let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // As the server binds: SO_REUSEADDR, so a port only in TIME_WAIT does not count as in use.
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        return bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 ? 0 : errno
    }
}
