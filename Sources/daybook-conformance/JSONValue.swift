import Foundation

/// Loose access to the shared JSON fixtures, whose fields are often null.
struct JSONObject {
    let raw: [String: Any]

    static func load(_ url: URL) throws -> JSONObject {
        let data = try Data(contentsOf: url)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return JSONObject(raw: object)
    }

    func string(_ key: String) -> String? { raw[key] as? String }
    func int(_ key: String) -> Int? { (raw[key] as? NSNumber)?.intValue }
    func double(_ key: String) -> Double? { (raw[key] as? NSNumber)?.doubleValue }
    func bool(_ key: String) -> Bool? { (raw[key] as? NSNumber)?.boolValue }
    func object(_ key: String) -> JSONObject? { (raw[key] as? [String: Any]).map(JSONObject.init) }
    func objects(_ key: String) -> [JSONObject] { (raw[key] as? [[String: Any]])?.map(JSONObject.init) ?? [] }
    func array(_ key: String) -> [Any] { raw[key] as? [Any] ?? [] }
}

func sameDegrees(_ a: Double?, _ b: Double?, tolerance: Double = 1e-6) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return abs(a - b) <= tolerance
    default: return false
    }
}

func show(_ value: Any?) -> String {
    guard let value else { return "null" }
    if let double = value as? Double { return String(format: "%.7f", double) }
    return "\(value)"
}
