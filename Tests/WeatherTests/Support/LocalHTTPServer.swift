import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the tests: one thread accepts connections, one
/// thread per connection reads the request head, asks the handler for a reply, optionally
/// waits (to be slower than a client's timeout), answers and closes the connection.
/// Every request is recorded. `stop()` closes the socket and waits for every thread.
final class LocalHTTPServer: Sendable {
    struct Request: Sendable, Equatable {
        let method: String
        /// The request target: path and query, e.g. `/v1/archive?latitude=…`.
        let target: String
        let headers: [String: String]

        var path: String { String(target.prefix { $0 != "?" }) }
        /// Percent-decoded query parameters (the last value wins).
        var query: [String: String] {
            guard let components = URLComponents(string: target) else { return [:] }
            var result: [String: String] = [:]
            for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
            return result
        }
        /// The raw (not decoded) query string.
        var rawQuery: String {
            guard let index = target.firstIndex(of: "?") else { return "" }
            return String(target[target.index(after: index)...])
        }
    }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: Data = Data()
        /// Seconds to wait before answering.
        var delay: Double = 0

        init(status: Int, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0) {
            self.status = status; self.headers = headers; self.body = body; self.delay = delay
        }

        static func json(_ status: Int, _ text: String, headers: [String: String] = [:], delay: Double = 0) -> Reply {
            var all = headers
            all["Content-Type"] = "application/json; charset=utf-8"
            return Reply(status: status, headers: all, body: Data(text.utf8), delay: delay)
        }
    }

    typealias Handler = @Sendable (Request) -> Reply

    private let listenFD: Int32
    let port: UInt16
    private let handler: Handler
    private let state = Mutex((recorded: [Request](), stopping: false))
    /// Every thread the server started, entered until it ends, so `stop()` can wait for them.
    private let threads = DispatchGroup()

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the kernel picks a free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { let e = errno; close(fd); throw ServerError.system("bind", e) }
        guard listen(fd, 64) == 0 else { let e = errno; close(fd); throw ServerError.system("listen", e) }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { let e = errno; close(fd); throw ServerError.system("getsockname", e) }
        listenFD = fd
        port = UInt16(bigEndian: actual.sin_port)
        startThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    enum ServerError: Error { case system(String, Int32) }

    /// Requests received so far, in arrival order.
    var requests: [Request] { state.withLock { $0.recorded } }
    var requestCount: Int { state.withLock { $0.recorded.count } }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    /// Stops accepting, wakes slow replies, waits for every thread and closes the socket.
    /// Safe to call more than once.
    func stop() {
        let first: Bool = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        threads.wait()
        if first { close(listenFD) }
    }

    private func startThread(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let thread = Thread { [self] in
            body()
            threads.leave()
        }
        thread.start()
    }

    private func acceptLoop() {
        while !isStopping {
            var pfd = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 50)
            guard ready > 0 else { continue }
            let client = accept(listenFD, nil, nil)
            guard client >= 0 else { continue }
            startThread { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while buffer.count < 65_536, buffer.firstRange(of: terminator) == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { return }
            buffer.append(contentsOf: chunk[0..<n])
        }
        guard let end = buffer.firstRange(of: terminator) else { return }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else {
            send(fd, Reply(status: 400, body: Data("bad request line".utf8)))
            return
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
        state.withLock { $0.recorded.append(request) }
        let reply = handler(request)
        // Wait in small steps so stop() is not held up by a slow reply.
        var waited = 0.0
        while waited < reply.delay, !isStopping {
            let step = min(0.02, reply.delay - waited)
            usleep(UInt32(step * 1_000_000))
            waited += step
        }
        if isStopping && reply.delay > 0 { return }
        send(fd, reply)
    }

    private func send(_ fd: Int32, _ reply: Reply) {
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        head += "Content-Length: \(reply.body.count)\r\nConnection: close\r\n"
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + Array(reply.body)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a client that gave up (timeout) must not kill the test process.
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            sent += n
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
