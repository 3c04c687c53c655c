import Foundation

/// One request written byte for byte to a real server, for what no HTTP client sends: no
/// `Host` at all (HTTP/1.0), two of them, or a hostile one. Answers with the whole reply.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func exchange(_ request: String, address: String, port: Int) throws -> String {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &found) == 0, let info = found else {
            throw Failure(description: "not an address: \(address)")
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            throw Failure(description: "connect to \(address):\(port): \(errno)")
        }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw Failure(description: "send: \(errno)")
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !isComplete(reply) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reply += buffer[..<count]
        }
        return String(decoding: reply, as: UTF8.self)
    }

    /// Whether the head and `Content-Length` bytes of body are in (the server may keep even
    /// an HTTP/1.0 connection open).
    private static func isComplete(_ reply: [UInt8]) -> Bool {
        let text = String(decoding: reply, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        guard let length = head.firstMatch(of: /\r\ncontent-length: *(\d+)/).flatMap({ Int($0.output.1) }) else { return false }
        return text[end.upperBound...].utf8.count >= length
    }

    /// The status code of a reply ("HTTP/1.1 421 Misdirected Request" → 421).
    static func status(_ reply: String) -> Int? {
        reply.firstMatch(of: /^HTTP\/1\.[01] (\d{3})/).flatMap { Int($0.output.1) }
    }
}
