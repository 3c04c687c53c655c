import DaybookCore
import DaybookPlaces
import DaybookTestSupport
import Foundation

/// daybook-places-bench [--points N] [--rounds R] [--zones FILE]
///
/// The cost of naming places: opening the embedded table, a lookup per photo (points in
/// dense Europe, anywhere on Earth, and on land only), resolving a typed name, and the
/// memory the table adds. The baseline, run side by side on the same points, scores every
/// place in the table instead of the grid's few cells. A benchmark, not a test: it prints
/// figures and exits 0.
///
/// `--zones FILE` writes the "on land" points as CSV (latitude, longitude, the zone of their
/// place) for scripts/check_place_zones.py, which compares them with time-zone borders.

struct Options {
    var points = 20_000
    var rounds = 15
    var baselinePoints = 200
    var zonesFile: String?

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--points": points = Int(iterator.next() ?? "") ?? points
            case "--rounds": rounds = Int(iterator.next() ?? "") ?? rounds
            case "--baseline-points": baselinePoints = Int(iterator.next() ?? "") ?? baselinePoints
            case "--zones": zonesFile = iterator.next()
            default:
                FileHandle.standardError.write(
                    Data("usage: daybook-places-bench [--points N] [--rounds R] [--baseline-points N] [--zones FILE]\n".utf8))
                exit(2)
            }
        }
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

func residentKB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

let options = Options(Array(CommandLine.arguments.dropFirst()))
#if DEBUG
    print("WARNING: debug build; build with -c release for meaningful figures")
#endif

let rssBefore = residentKB()
let openings = (0..<101).map { _ in nanoseconds { _ = try? Gazetteer.openEmbedded() } }
let gazetteer = try Gazetteer.shared()
print("table \(gazetteer.version): \(gazetteer.placeCount) places; opening it: median \(fixed(median(openings) / 1000, 1)) µs")

var random = SplitMix64(seed: 2026)
@MainActor func europe() -> GeoLocation {
    GeoLocation(latitude: .random(in: 43...53, using: &random), longitude: .random(in: -2...15, using: &random))
}
@MainActor func anywhere() -> GeoLocation {
    // Uniform on the sphere: latitude from the arcsine of a uniform sine.
    GeoLocation(latitude: asin(.random(in: -1...1, using: &random)) * 180 / .pi, longitude: .random(in: -180...180, using: &random))
}
let sets: [(String, [GeoLocation])] = [
    ("dense Europe (43–53°N, 2°W–15°E)", (0..<options.points).map { _ in europe() }),
    ("anywhere on Earth (70 % sea: border test)", (0..<options.points).map { _ in anywhere() }),
    ("on land, named (points that found a place)", namedPoints(options.points)),
]

@MainActor func namedPoints(_ count: Int) -> [GeoLocation] {
    var points: [GeoLocation] = []
    while points.count < count {
        let point = anywhere()
        if gazetteer.place(at: point)?.name != nil { points.append(point) }
    }
    return points
}

print("\nlookup per photo (µs): median of \(options.rounds) rounds over the same points; baseline scores all places")
print("points | grid µs | baseline µs | ratio | named | country only | nothing")
for (name, points) in sets {
    var named = 0, countryOnly = 0
    for point in points {
        switch gazetteer.place(at: point) {
        case .some(let place) where place.name != nil: named += 1
        case .some: countryOnly += 1
        case .none: break
        }
    }
    let grid = (0..<options.rounds).map { _ in
        nanoseconds { for point in points { _ = gazetteer.place(at: point) } } / Double(points.count)
    }
    let sample = Array(points.prefix(options.baselinePoints))
    let baseline = (0..<max(3, options.rounds / 5)).map { _ in
        nanoseconds { for point in sample { _ = gazetteer.placeByScanningAll(at: point) } } / Double(sample.count)
    }
    print(
        "\(name) | \(fixed(median(grid) / 1000, 2)) | \(fixed(median(baseline) / 1000, 1)) | "
            + "\(fixed(median(baseline) / median(grid), 0))× | \(named) | \(countryOnly) | \(points.count - named - countryOnly)")
}

let names = ["Paris", "Paris, FR", "Springfield", "zurich", "München", "Kyoto", "Nowhere-at-all"]
let resolving = (0..<options.rounds).map { _ in
    nanoseconds { for name in names { _ = gazetteer.places(named: name) } } / Double(names.count)
}
print("\nresolving a name (--near NAME): median \(fixed(median(resolving) / 1000, 1)) µs")
let rssAfter = residentKB()
print(
    "resident memory: \(rssBefore / 1024) MB before opening, \(rssAfter / 1024) MB after all lookups "
        + "(+\(fixed(Double(rssAfter - rssBefore) / 1024, 1)) MB)")

if let path = options.zonesFile, let land = sets.last?.1 {
    let rows = land.compactMap { point in
        gazetteer.place(at: point)?.timeZone.map { "\(point.latitude),\(point.longitude),\($0)" }
    }
    try Data((["latitude,longitude,zone"] + rows).joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path))
    print("wrote \(rows.count) points with their place's zone to \(path)")
}
