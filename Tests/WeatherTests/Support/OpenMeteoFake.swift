import DaybookCore
import DaybookWeather
import Foundation

/// Answers in Open-Meteo's `/v1/archive` JSON shape, built from the query so the answer
/// fits it: one hour per hour of the requested local dates, at a fixed UTC offset.
enum OpenMeteoFake {
    /// Hourly values for the hour starting at `time` (Unix seconds): deterministic, with a
    /// null temperature every 7th hour so null handling is exercised.
    static func values(at time: Int64) -> (
        temperature: Double?, apparent: Double, precipitation: Double, cloud: Double, wind: Double, code: Int
    ) {
        let hourIndex = Int(time / 3600)
        let temperature: Double? = hourIndex % 7 == 0 ? nil : Double(hourIndex % 30) + 0.5
        return (
            temperature, Double(hourIndex % 25) - 1, Double(hourIndex % 4) * 0.1,
            Double(hourIndex % 101), Double(hourIndex % 40) + 0.25, [0, 1, 2, 3, 45, 61, 95][hourIndex % 7]
        )
    }

    /// A full answer for the request's query: every hour from local midnight of start_date
    /// to local midnight after end_date in `timezone` (`utcOffsetSeconds` when the zone is
    /// unknown). `nil` when the query lacks dates. Hours from `emptyFrom` on, and those in
    /// `emptyHours`, are all nulls, as the archive answers for hours it has not filled yet.
    static func answer(
        for request: LocalHTTPServer.Request, timezone: String = "Europe/Paris",
        utcOffsetSeconds: Int = 7200, emptyFrom: Int64? = nil, emptyHours: Set<Int64> = []
    ) -> String? {
        let query = request.query
        guard let start = query["start_date"].flatMap(CivilDate.init(iso:)),
            let end = query["end_date"].flatMap(CivilDate.init(iso:))
        else { return nil }
        let latitude = Double(query["latitude"] ?? "") ?? 0
        let longitude = Double(query["longitude"] ?? "") ?? 0
        // Local midnights at the place (DST-aware when the zone is known).
        let zone = TimeZone(identifier: timezone)
        func instant(_ date: CivilDate) -> Int64 {
            zone.map { PlaceTime.instant(ofLocalSeconds: date.midnightUTCSeconds, in: $0).unixSeconds }
                ?? date.midnightUTCSeconds - Int64(utcOffsetSeconds)
        }
        let first = instant(start)
        let last = instant(end.adding(days: 1))
        let answerOffset = zone.map { $0.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(first))) } ?? utcOffsetSeconds
        var times: [String] = [], temperature: [String] = [], apparent: [String] = [], precipitation: [String] = []
        var cloud: [String] = [], wind: [String] = [], code: [String] = []
        var time = first
        while time < last {
            times.append(String(time))
            if let emptyFrom, time >= emptyFrom {
                temperature.append("null"); apparent.append("null"); precipitation.append("null")
                cloud.append("null"); wind.append("null"); code.append("null")
            } else if emptyHours.contains(time) {
                temperature.append("null"); apparent.append("null"); precipitation.append("null")
                cloud.append("null"); wind.append("null"); code.append("null")
            } else {
                let v = values(at: time)
                temperature.append(v.temperature.map { String($0) } ?? "null")
                apparent.append(String(v.apparent)); precipitation.append(String(v.precipitation))
                cloud.append(String(Int(v.cloud))); wind.append(String(v.wind)); code.append(String(v.code))
            }
            time += 3600
        }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        // The grid point is near, not at, the asked coordinates, as with the real API.
        return """
            {"latitude":\(latitude + 0.01),"longitude":\(longitude - 0.01),"generationtime_ms":0.1,\
            "utc_offset_seconds":\(answerOffset),"timezone":"\(timezone)","timezone_abbreviation":"CEST","elevation":35.0,\
            "hourly_units":{"time":"unixtime","temperature_2m":"°C","apparent_temperature":"°C","precipitation":"mm",\
            "cloud_cover":"%","wind_speed_10m":"km/h","weather_code":"wmo code"},\
            "hourly":{"time":\(list(times)),"temperature_2m":\(list(temperature)),"apparent_temperature":\(list(apparent)),\
            "precipitation":\(list(precipitation)),"cloud_cover":\(list(cloud)),"wind_speed_10m":\(list(wind)),\
            "weather_code":\(list(code))}}
            """
    }

    static func ok(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Reply {
        guard let body = answer(for: request) else {
            return .json(400, #"{"error":true,"reason":"Parameter 'start_date' is missing"}"#)
        }
        return .json(200, body)
    }
}
