import Foundation

/// A client for `POST /uploads` on a raw socket, so a test can do what browsers do not:
/// announce one length and send less, stall, or hang up midway. Its calls block; `run` puts
/// them on a thread of their own, off Swift's shared pool, which the server's routes use.
final class UploadConnection {
    struct Reply {
        let status: Int
        let head: String
        let body: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
        var entry: String? { json["entry"] as? String }
    }

    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw RawHTTP.Failure(description: "connect: \(errno)") }
    }

    deinit { close(socket) }

    /// The request's head: `POST /uploads` with these headers (Host is added).
    func sendHead(port: Int, _ headers: [(String, String)]) throws {
        let lines = ["POST /uploads HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers.map { "\($0.0): \($0.1)" }
        try send(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawHTTP.Failure(description: "send: \(errno)") }
            offset += sent
        }
    }

    /// The reply, once its head and Content-Length bytes of body are in.
    func reply() throws -> Reply {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = String(text[..<end.lowerBound])
                let length = head.lowercased().firstMatch(of: /content-length: *(\d+)/).flatMap { Int($0.output.1) } ?? 0
                let body = String(text[end.upperBound...])
                if body.utf8.count >= length { return Reply(status: RawHTTP.status(head) ?? 0, head: head, body: body) }
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw RawHTTP.Failure(description: "no reply (\(count), errno \(errno)) after \(text)") }
            bytes += buffer[..<count]
        }
    }

    /// One whole upload on a connection of its own.
    static func upload(
        port: Int, _ bytes: [UInt8], name: String = "photo.jpg", token: String?, key: String? = nil, more: [(String, String)] = []
    ) throws -> Reply {
        let connection = try UploadConnection(port: port)
        var headers = [("Content-Length", "\(bytes.count)"), ("X-Daybook-File-Name", name)] + more
        if let token { headers.append(("X-Daybook-CSRF", token)) }
        if let key { headers.append(("Idempotency-Key", key)) }
        try connection.sendHead(port: port, headers)
        try connection.send(bytes)
        return try connection.reply()
    }

    /// `body` on a thread of its own.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
