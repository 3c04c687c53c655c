import CCurl
import DaybookNetwork
import Foundation

extension CurlLibrary {
    enum Exchange {
        case answered(HTTPResponse)
        case failed(DaybookHTTPOutcome, String)
    }

    /// A blocking GET (see `daybook_http_get`).
    func get(_ url: String, timeout seconds: Int, userAgent: String, bodyLimit: Int) -> Exchange {
        var response = DaybookHTTPResponse()
        var message = [CChar](repeating: 0, count: 512)
        let outcome = daybook_http_get(table, url, seconds, userAgent, bodyLimit, &response, &message, message.count)
        guard outcome == DAYBOOK_HTTP_ANSWERED else { return .failed(outcome, CText.string(message)) }
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

extension MissingCurl {
    func unreachable(host: String) -> WeatherError {
        .unreachable(host: host, reason: "libcurl is missing (\(reason)); install libcurl4 to fetch weather")
    }
}
