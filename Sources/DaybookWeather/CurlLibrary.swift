import CCurl
import Foundation

/// libcurl's functions, from the library opened on the first weather request (CCurl's
/// loader.c) instead of linked: linked, it and its TLS, Kerberos and LDAP dependencies would
/// cost every `daybook` command start-up time, and most commands never fetch weather.
package struct CurlLibrary: @unchecked Sendable {
    // The table is written once by the loader and only read afterwards.
    private let table: OpaquePointer

    /// The major version Daybook was compiled against: another has another ABI.
    package static let soname = "libcurl.so.4"

    static let shared = open(soname)

    /// The library at `soname`, or why it cannot be used (missing, or lacking a function).
    static func open(_ soname: String) -> Result<CurlLibrary, MissingCurl> {
        var failure = [CChar](repeating: 0, count: 512)
        guard let table = daybook_curl_open(soname, &failure, failure.count) else {
            return .failure(
                MissingCurl(
                    soname: soname, reason: String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(CurlLibrary(table: table))
    }

    enum Exchange {
        case answered(HTTPResponse)
        case failed(DaybookHTTPOutcome, String)
    }

    /// A blocking GET (see `daybook_http_get`).
    func get(_ url: String, timeout seconds: Int, userAgent: String, bodyLimit: Int) -> Exchange {
        var response = DaybookHTTPResponse()
        var message = [CChar](repeating: 0, count: 512)
        let outcome = daybook_http_get(table, url, seconds, userAgent, bodyLimit, &response, &message, message.count)
        guard outcome == DAYBOOK_HTTP_ANSWERED else {
            return .failed(outcome, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { daybook_http_response_free(&response) }
        let body = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
        let headerText = response.headers.map { Data(bytes: $0, count: response.headers_length) } ?? Data()
        return .answered(
            HTTPResponse(statusCode: response.status, headers: Self.headers(String(decoding: headerText, as: UTF8.self)), body: body))
    }

    /// "Name: value" lines after the status line; a repeated name keeps its last value.
    static func headers(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }
}

/// libcurl is not installed (or is not the version Daybook was built for).
struct MissingCurl: Error {
    let soname: String
    let reason: String

    func unreachable(host: String) -> WeatherError {
        .unreachable(host: host, reason: "libcurl is missing (\(reason)); install libcurl4 to fetch weather")
    }
}
