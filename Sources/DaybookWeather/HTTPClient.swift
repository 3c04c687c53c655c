import CCurl
import DaybookNetwork
import Foundation

/// A finished HTTP exchange (any status).
package struct HTTPResponse: Sendable {
    package let statusCode: Int
    /// Header names lower-cased.
    package let headers: [String: String]
    package let body: Data

    package init(statusCode: Int, headers: [String: String], body: Data) {
        self.statusCode = statusCode
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }
}

/// The transport under `OpenMeteoArchive`, so it can be swapped (tests, other stacks).
/// A host that cannot be reached (no DNS answer, connection refused, no route) throws
/// `.unreachable`; a timeout or other network failure throws `.transient`; any HTTP status
/// is a response, not an error.
package protocol HTTPClient: Sendable {
    func get(_ url: URL, timeout: TimeInterval) async throws(WeatherError) -> HTTPResponse
}

/// `HTTPClient` over libcurl, opened on the first request (`CurlLibrary`), so the commands
/// that never fetch weather do not load it and its TLS stack at start-up.
package final class CurlHTTPClient: HTTPClient, Sendable {
    private let library: Result<CurlLibrary, MissingCurl>
    private let userAgent: String

    /// `library` is libcurl's soname; only a test names another (a missing one).
    package init(
        timeout: TimeInterval = 30, userAgent: String = "Daybook (weather backfill)",
        library soname: String = CurlLibrary.soname
    ) {
        library = soname == CurlLibrary.soname ? CurlLibrary.shared : CurlLibrary.open(soname)
        self.userAgent = userAgent
    }

    /// libcurl counts its timeouts in whole seconds: round up, and never below 1 s.
    package static func effectiveTimeout(_ timeout: TimeInterval) -> TimeInterval {
        guard timeout.isFinite, timeout > 0 else { return 30 }
        return max(1, timeout.rounded(.up))
    }

    /// The most an answer may hold: a year of hourly weather is about 1 MB of JSON.
    static let bodyLimit = 32 << 20

    package func get(_ url: URL, timeout: TimeInterval) async throws(WeatherError) -> HTTPResponse {
        let host = url.host ?? url.absoluteString
        let curl: CurlLibrary
        switch library {
        case .success(let opened): curl = opened
        // Without libcurl no host can be reached: the run stops asking and its entries stay pending.
        case .failure(let error): throw error.unreachable(host: host)
        }
        let seconds = Int(Self.effectiveTimeout(timeout))
        let userAgent = self.userAgent
        // A blocking transfer of up to 4 x timeout: off the cooperative pool, on a thread of its own.
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    returning: curl.get(url.absoluteString, timeout: seconds, userAgent: userAgent, bodyLimit: Self.bodyLimit))
            }
        }
        switch result {
        case .answered(let response): return response
        case .failed(let outcome, let message):
            switch outcome {
            case DAYBOOK_HTTP_UNREACHABLE: throw .unreachable(host: host, reason: message)
            case DAYBOOK_HTTP_TIMED_OUT: throw .transient("timed out after \(seconds) s: \(host)")
            case DAYBOOK_HTTP_BAD_URL: throw .permanent("bad URL \(url.absoluteString)")
            case DAYBOOK_HTTP_TOO_LARGE: throw .malformed("\(message): \(host)")
            default: throw .transient("\(message): \(host)")
            }
        }
    }
}

/// The name the weather's callers and tests knew the client by when it ran over URLSession.
package typealias URLSessionHTTPClient = CurlHTTPClient
