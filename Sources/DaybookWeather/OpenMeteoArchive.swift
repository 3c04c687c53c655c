import DaybookCore
import Foundation

/// Open-Meteo's historical weather API (`/v1/archive`, ERA5 reanalysis from 1940, about
/// 5 days behind real time).
///
/// One call asks for a cell centre and a range of local dates:
/// `GET {base}/v1/archive?latitude=..&longitude=..&start_date=..&end_date=..&hourly=…&timezone=auto&timeformat=unixtime`.
/// `timeformat=unixtime` makes `hourly.time` Unix seconds (no DST ambiguity); `timezone=auto`
/// makes the dates local to the place and returns its IANA zone and offset.
package struct OpenMeteoArchive: WeatherProvider {
    package static let defaultBaseURL = URL(string: "https://archive-api.open-meteo.com")!
    /// The hourly variables asked for, in order.
    package static let hourlyVariables = [
        "temperature_2m", "apparent_temperature", "precipitation",
        "cloud_cover", "wind_speed_10m", "weather_code",
    ]
    /// ERA5 reaches about 5 days back from today.
    package static let defaultAvailabilityDelayDays = 5

    package let baseURL: URL
    package let timeout: TimeInterval
    /// Days behind today (UTC) that the archive is assumed complete.
    package var availabilityDelayDays: Int
    private let client: any HTTPClient

    package var name: String { "open-meteo" }

    /// `baseURL` may carry a path prefix for a self-hosted instance (`http://host/om` →
    /// `http://host/om/v1/archive`). `timeout` applies to each request.
    package init(baseURL: URL = defaultBaseURL, timeout: TimeInterval = 30) {
        self.init(baseURL: baseURL, timeout: timeout, client: URLSessionHTTPClient(timeout: timeout))
    }

    /// With another transport.
    package init(
        baseURL: URL = defaultBaseURL, timeout: TimeInterval = 30, client: any HTTPClient,
        availabilityDelayDays: Int = defaultAvailabilityDelayDays
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.client = client
        self.availabilityDelayDays = availabilityDelayDays
    }

    /// Open-Meteo's fair-use counting: a request is one call per location for up to 10
    /// variables and 14 days, and counts fractionally more beyond that
    /// (`max(1, variables / 10) × max(1, days / 14)`): a year of our 6 hourly variables is
    /// about 26 calls. The rate limiter spaces requests by this weight, so "60 per minute"
    /// means 60 of Open-Meteo's calls, well under its 600/min and 5,000/h.
    package func callWeight(for request: WeatherRequest) -> Double {
        max(1, Double(Self.hourlyVariables.count) / 10) * max(1, Double(request.dayCount) / 14)
    }

    /// ERA5 starts on 1940-01-01.
    package var earliestAvailableDate: CivilDate? { CivilDate(year: 1940, month: 1, day: 1) }

    /// Today (UTC) minus the archive's delay. Later dates stay pending.
    package func lastAvailableDate(now: Date) -> CivilDate? {
        CivilDate(unixSeconds: Int64(now.timeIntervalSince1970.rounded(.down))).adding(days: -availabilityDelayDays)
    }

    /// The request URL.
    package func url(for request: WeatherRequest) -> URL {
        var components =
            URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
            ?? URLComponents(string: Self.defaultBaseURL.absoluteString)!
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path + "/v1/archive"
        components.queryItems = [
            URLQueryItem(name: "latitude", value: request.cell.latitudeText),
            URLQueryItem(name: "longitude", value: request.cell.longitudeText),
            URLQueryItem(name: "start_date", value: request.start.iso),
            URLQueryItem(name: "end_date", value: request.end.iso),
            URLQueryItem(name: "hourly", value: Self.hourlyVariables.joined(separator: ",")),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "timeformat", value: "unixtime"),
        ]
        return components.url!
    }

    package func series(for request: WeatherRequest) async throws(WeatherError) -> WeatherSeries {
        let response = try await client.get(url(for: request), timeout: timeout)
        return try Self.interpret(response)
    }

    /// Status code → result. 200: decode; 400: `.permanent(reason)`; 429: `.rateLimited`
    /// (Retry-After, else the limit named in the reason);
    /// 408 and 5xx: `.transient`; other statuses: `.permanent("HTTP n…")`.
    package static func interpret(_ response: HTTPResponse, now: Date = Date()) throws(WeatherError) -> WeatherSeries {
        switch response.statusCode {
        case 200:
            return try decode(response.body)
        case 429:
            if let header = response.headers["retry-after"], let seconds = retryAfterSeconds(header, now: now) {
                throw .rateLimited(retryAfter: seconds)
            }
            throw .rateLimited(retryAfter: errorReason(response.body).flatMap(retryAfterFromReason))
        case 408, 500...599:
            throw .transient("HTTP \(response.statusCode)\(reasonSuffix(response.body))")
        case 400:
            if let reason = errorReason(response.body) { throw .permanent(reason) }
            throw .permanent("HTTP 400\(reasonSuffix(response.body))")
        default:
            throw .permanent("HTTP \(response.statusCode)\(reasonSuffix(response.body))")
        }
    }

    /// `Retry-After` as seconds: delta-seconds or an HTTP date.
    package static func retryAfterSeconds(_ text: String, now: Date = Date()) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    /// Open-Meteo answers 429 without Retry-After but with a reason naming the limit hit:
    /// "Minutely API request limit exceeded…" (60 s), "Hourly…" (3,600 s), "Daily…"
    /// (86,400 s). `nil` for other reasons ("Too many concurrent requests": back off).
    package static func retryAfterFromReason(_ reason: String) -> Double? {
        let lowered = reason.lowercased()
        if lowered.contains("minutely") { return 60 }
        if lowered.contains("hourly") { return 3600 }
        if lowered.contains("daily") { return 86_400 }
        return nil
    }

    /// `reason` of `{"error":true,"reason":"…"}`, if the body is that.
    static func errorReason(_ body: Data) -> String? {
        struct ErrorBody: Decodable { let error: Bool?; let reason: String? }
        guard let parsed = try? JSONDecoder().decode(ErrorBody.self, from: body) else { return nil }
        return parsed.reason
    }

    private static func reasonSuffix(_ body: Data) -> String {
        if let reason = errorReason(body) { return ": \(reason)" }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "" : ": \(text)"
    }

    /// The JSON answer (also what a saved answer file holds).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The names are Open-Meteo's JSON keys, so the synthesised decoding needs no key table.
    struct Answer: Decodable {
        let latitude: Double
        let longitude: Double
        let utc_offset_seconds: Int?
        let timezone: String?
        let hourly: Hourly?

        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Hourly: Decodable {
            let time: [Int64]
            let temperature_2m: [Double?]?
            let apparent_temperature: [Double?]?
            let precipitation: [Double?]?
            let cloud_cover: [Double?]?
            let wind_speed_10m: [Double?]?
            let weather_code: [Double?]?
        }
    }

    /// Decodes a 200 answer. Nulls become `nil`; a wrong shape is `.malformed`.
    package static func decode(_ body: Data, provider: String = "open-meteo") throws(WeatherError) -> WeatherSeries {
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: body)
        } catch {
            throw .malformed(describe(error))
        }
        guard let hourly = answer.hourly else { throw .malformed("no \"hourly\" object") }
        let count = hourly.time.count
        let columns: [(String, [Double?]?)] = [
            ("temperature_2m", hourly.temperature_2m), ("apparent_temperature", hourly.apparent_temperature),
            ("precipitation", hourly.precipitation), ("cloud_cover", hourly.cloud_cover),
            ("wind_speed_10m", hourly.wind_speed_10m), ("weather_code", hourly.weather_code),
        ]
        for (name, values) in columns {
            if let values, values.count != count {
                throw .malformed("hourly.\(name) has \(values.count) values for \(count) times")
            }
        }
        func value(_ column: [Double?]?, _ i: Int) -> Double? { column?[i].flatMap { $0.isFinite ? $0 : nil } }
        var hours: [HourlyObservation] = []
        hours.reserveCapacity(count)
        for i in 0..<count {
            let code = value(hourly.weather_code, i).flatMap { abs($0) < 1e6 ? Int($0.rounded()) : nil }
            hours.append(
                HourlyObservation(
                    time: hourly.time[i],
                    temperature: value(hourly.temperature_2m, i),
                    apparentTemperature: value(hourly.apparent_temperature, i),
                    precipitation: value(hourly.precipitation, i),
                    cloudCover: value(hourly.cloud_cover, i),
                    windSpeed: value(hourly.wind_speed_10m, i),
                    weatherCode: code))
        }
        return WeatherSeries(
            provider: provider, gridLatitude: answer.latitude, gridLongitude: answer.longitude,
            timeZone: answer.timezone, utcOffsetSeconds: answer.utc_offset_seconds ?? 0, hours: hours)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "not JSON or bad value at \(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
