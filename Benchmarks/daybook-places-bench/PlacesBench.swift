import ArgumentParser
import DaybookBenchSupport
import DaybookCore
import DaybookPlaces
import Foundation

/// The cost of naming places: opening the embedded table, a lookup per photo (points in dense
/// Europe, anywhere on Earth, and on land only), resolving a typed name, and the memory the
/// table adds. A benchmark, not a test: it prints figures and exits 0.
@main
struct PlacesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook-places-bench",
        abstract: "Place lookup and name resolution latency, and the place table's opening cost and memory.",
        discussion: """
            Times opening the embedded place table, a lookup per photo over three sets of points \
            (dense Europe, anywhere on Earth, on land only), and resolving a typed name (--near \
            NAME); and reports the resident memory the table adds. The baseline, run side by side \
            on the same points, scores every place in the table instead of the grid's few cells.

            --zones FILE writes the "on land" points as CSV (latitude, longitude, the zone of their \
            place) for Benchmarks/scripts/check_place_zones.py, which compares them with time-zone borders.

            Examples (build in release for meaningful figures):
              swift build -c release --product daybook-places-bench
              .build/release/daybook-places-bench
              .build/release/daybook-places-bench --points 20000 --zones /tmp/zones.csv
            """
    )

    @Option(help: ArgumentHelp("Points in each set.", valueName: "n"))
    var points = 20_000

    @Option(help: ArgumentHelp("Timed rounds over each set (the baseline runs a fifth of them, at least 3).", valueName: "r"))
    var rounds = 15

    @Option(help: ArgumentHelp("Points of each set the baseline scores.", valueName: "n"))
    var baselinePoints = 200

    @Option(help: ArgumentHelp("Write the on-land points and their place's zone to this CSV file.", valueName: "file"))
    var zones: String?

    func validate() throws {
        guard points >= 1, rounds >= 1, baselinePoints >= 1 else {
            throw ValidationError("--points, --rounds and --baseline-points must be at least 1")
        }
    }

    static func main() { runAsTool() }

    func run() throws {
        #if DEBUG
            print("WARNING: debug build; build with -c release for meaningful figures")
        #endif

        let rssBefore = Self.residentKB()
        let openings = (0..<101).map { _ in nanoseconds { _ = try? Gazetteer.openEmbedded() } }
        let gazetteer = try Gazetteer.shared()
        print("table \(gazetteer.version): \(gazetteer.placeCount) places; opening it: median \(fixed(median(openings) / 1000, 1)) µs")

        var random = SplitMix64(seed: 2026)
        func europe() -> GeoLocation {
            GeoLocation(latitude: .random(in: 43...53, using: &random), longitude: .random(in: -2...15, using: &random))
        }
        func anywhere() -> GeoLocation {
            // Uniform on the sphere: latitude from the arcsine of a uniform sine.
            GeoLocation(latitude: asin(.random(in: -1...1, using: &random)) * 180 / .pi, longitude: .random(in: -180...180, using: &random))
        }
        func namedPoints(_ count: Int) -> [GeoLocation] {
            var points: [GeoLocation] = []
            while points.count < count {
                let point = anywhere()
                if gazetteer.place(at: point)?.name != nil { points.append(point) }
            }
            return points
        }
        let sets: [(String, [GeoLocation])] = [
            ("dense Europe (43–53°N, 2°W–15°E)", (0..<points).map { _ in europe() }),
            ("anywhere on Earth (70 % sea: border test)", (0..<points).map { _ in anywhere() }),
            ("on land, named (points that found a place)", namedPoints(points)),
        ]

        print("\nlookup per photo (µs): median of \(rounds) rounds over the same points; baseline scores all places")
        print("points | grid µs | baseline µs | ratio | named | country only | nothing")
        for (name, points) in sets {
            var named = 0
            var countryOnly = 0
            for point in points {
                switch gazetteer.place(at: point) {
                case .some(let place) where place.name != nil: named += 1
                case .some: countryOnly += 1
                case .none: break
                }
            }
            let grid = (0..<rounds).map { _ in
                nanoseconds { for point in points { _ = gazetteer.place(at: point) } } / Double(points.count)
            }
            let sample = Array(points.prefix(baselinePoints))
            let baseline = (0..<max(3, rounds / 5)).map { _ in
                nanoseconds { for point in sample { _ = gazetteer.placeByScanningAll(at: point) } } / Double(sample.count)
            }
            print(
                "\(name) | \(fixed(median(grid) / 1000, 2)) | \(fixed(median(baseline) / 1000, 1)) | "
                    + "\(fixed(median(baseline) / median(grid), 0))× | \(named) | \(countryOnly) | \(points.count - named - countryOnly)")
        }

        let names = ["Paris", "Paris, FR", "Springfield", "zurich", "München", "Kyoto", "Nowhere-at-all"]
        let resolving = (0..<rounds).map { _ in
            nanoseconds { for name in names { _ = gazetteer.places(named: name) } } / Double(names.count)
        }
        print("\nresolving a name (--near NAME): median \(fixed(median(resolving) / 1000, 1)) µs")
        let rssAfter = Self.residentKB()
        print(
            "resident memory: \(rssBefore / 1024) MB before opening, \(rssAfter / 1024) MB after all lookups "
                + "(+\(fixed(Double(rssAfter - rssBefore) / 1024, 1)) MB)")

        if let path = zones, let land = sets.last?.1 {
            let rows = land.compactMap { point in
                gazetteer.place(at: point)?.timeZone.map { "\(point.latitude),\(point.longitude),\($0)" }
            }
            try Data((["latitude,longitude,zone"] + rows).joined(separator: "\n").appending("\n").utf8).write(
                to: URL(fileURLWithPath: path))
            print("wrote \(rows.count) points with their place's zone to \(path)")
        }
    }

    static func residentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
