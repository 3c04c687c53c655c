import DaybookWeather
import Foundation

/// Which weather provider a library uses, as written on the command line and remembered in
/// the library's settings: `open-meteo`, `open-meteo:BASE-URL`, `file:PATH` or `none`.
package enum WeatherProviderChoice: Sendable, Hashable, CustomStringConvertible {
    case openMeteo(baseURL: URL)
    case file(path: String)
    case none

    package static let settingKey = "weather.provider"
    package static let `default` = WeatherProviderChoice.openMeteo(baseURL: OpenMeteoArchive.defaultBaseURL)

    package init?(_ text: String) {
        let name = text.prefix { $0 != ":" }
        let argument = text.count > name.count ? String(text.dropFirst(name.count + 1)) : ""
        switch name {
        case "open-meteo":
            if argument.isEmpty {
                self = .default
            } else if let url = URL(string: argument), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil {
                self = .openMeteo(baseURL: url)
            } else {
                return nil
            }
        case "file":
            guard !argument.isEmpty else { return nil }
            self = .file(path: URL(fileURLWithPath: argument).standardizedFileURL.path)
        case "none" where argument.isEmpty:
            self = .none
        default:
            return nil
        }
    }

    package var description: String {
        switch self {
        case .openMeteo(let url): return url == OpenMeteoArchive.defaultBaseURL ? "open-meteo" : "open-meteo:\(url.absoluteString)"
        case .file(let path): return "file:\(path)"
        case .none: return "none"
        }
    }

    /// The archive lags real time by about five days (ERA5); a local file does not.
    package var archiveDelayDays: Int {
        if case .openMeteo = self { return 5 }
        return 0
    }

    package func makeProvider(timeout: TimeInterval = 30) throws -> (any WeatherProvider)? {
        switch self {
        case .openMeteo(let url): return OpenMeteoArchive(baseURL: url, timeout: timeout)
        case .file(let path): return try FileWeatherProvider(path: path)
        case .none: return nil
        }
    }
}
