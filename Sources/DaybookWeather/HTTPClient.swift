import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

/// `HTTPClient` over an ephemeral `URLSession` (FoundationNetworking on Linux).
package final class URLSessionHTTPClient: HTTPClient, @unchecked Sendable {
    // URLSession is thread-safe; @unchecked because it is not marked Sendable everywhere.
    private let session: URLSession
    private let userAgent: String

    package init(timeout: TimeInterval = 30, userAgent: String = "Daybook (weather backfill)") {
        let timeout = Self.effectiveTimeout(timeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        self.userAgent = userAgent
    }

    deinit { session.finishTasksAndInvalidate() }

    /// swift-corelibs-foundation (Linux) counts timeouts in whole seconds, truncating: 0.5
    /// would time out at once and 1.5 after 1 s. Round up, and never below 1 s.
    package static func effectiveTimeout(_ timeout: TimeInterval) -> TimeInterval {
        guard timeout.isFinite, timeout > 0 else { return 30 }
        return max(1, timeout.rounded(.up))
    }

    /// The failures that mean "no way to the host", as FoundationNetworking reports them
    /// (curl's "could not resolve host" and "could not connect", which covers a refused
    /// connection and an unreachable network). A timeout is not among them: on Linux it
    /// cannot be told apart from a slow answer, which a retry may cure.
    static let unreachableCodes: Set<URLError.Code> = [.cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet]

    package func get(_ url: URL, timeout: TimeInterval) async throws(WeatherError) -> HTTPResponse {
        let timeout = Self.effectiveTimeout(timeout)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .transient("timed out after \(Int(timeout)) s: \(url.host ?? url.absoluteString)")
            case .cancelled: throw .transient("cancelled")
            case .unsupportedURL, .badURL: throw .permanent("bad URL \(url.absoluteString)")
            case _ where Self.unreachableCodes.contains(error.code):
                throw .unreachable(host: url.host ?? url.absoluteString, reason: error.localizedDescription)
            default: throw .transient("\(error.localizedDescription) (\(error.code.rawValue)): \(url.host ?? url.absoluteString)")
            }
        } catch {
            throw .transient("\(error)")
        }
        guard let http = response as? HTTPURLResponse else { throw .malformed("not an HTTP response") }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let name = key as? String, let text = value as? String { headers[name] = text }
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }
}
