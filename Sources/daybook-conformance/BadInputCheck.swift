import DaybookIngest
import Foundation

/// Every malformed file must be handled as expected.json allows: skipped with a reason, or
/// ingested with one of the allowed values; each within two seconds.
struct BadInputCheck {
    let root: URL
    static let timeLimit = 2.0

    func run() throws -> (passed: Int, failed: Int) {
        let expected = try JSONObject.load(root.appendingPathComponent("expected.json"))
        let analyzer = PhotoAnalyzer()
        var passed = 0, failed = 0
        for file in expected.objects("files") {
            guard let name = file.string("file") else { continue }
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
            let start = DispatchTime.now()
            let result = Result { () throws(Rejection) in try analyzer.analyze(bytes) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9

            var problems: [String] = []
            if seconds > Self.timeLimit { problems.append(String(format: "took %.2f s (limit %.0f s)", seconds, Self.timeLimit)) }
            // "If PNG is supported on purpose, ingest it with the date empty": a format read on
            // purpose (PNG) may be an entry, its thumbnail from its own pixels.
            let onPurpose = (file.string("do") ?? "").contains("supported on purpose, ingest it")
            let outcomes = file.array("outcome").compactMap { $0 as? String } + (onPurpose ? ["ingest"] : [])
            let dates = file.array("capture_date").map { $0 as? String }
            let places = file.array("gps").map { ($0 as? [NSNumber]).map { ($0[0].doubleValue, $0[1].doubleValue) } }
            let thumbnailRule = file.string("thumbnail") ?? ""
            let summary: String
            switch result {
            case .failure(let rejection):
                summary = "skipped: \(rejection.reason)"
                if !outcomes.contains("skip") { problems.append("was skipped (\(rejection.reason)), must be ingested") }
                if rejection.reason.isEmpty { problems.append("skipped without a reason") }
            case .success(let analysis):
                let date = analysis.metadata.capture?.local.exifString
                let place = analysis.metadata.location
                summary =
                    "ingested: date \(show(date)), gps \(place.map { "\($0.latitude), \($0.longitude)" } ?? "null"), thumbnail \(analysis.thumbnail == nil ? "none" : "yes")"
                    + (analysis.warnings.isEmpty ? "" : "; warnings: \(analysis.warnings.joined(separator: "; "))")
                if !outcomes.contains("ingest") { problems.append("was ingested, must be skipped") }
                if !dates.contains(date) { problems.append("capture date \(show(date)) not among \(dates.map { show($0) })") }
                if !places.contains(where: { allowed in
                    sameDegrees(allowed?.0, place?.latitude) && sameDegrees(allowed?.1, place?.longitude)
                }) {
                    problems.append("gps \(show(place?.latitude)), \(show(place?.longitude)) not allowed")
                }
                if thumbnailRule.hasPrefix("from pixels") && analysis.thumbnail == nil {
                    problems.append("no thumbnail, but the pixels decode")
                }
                if (thumbnailRule.hasPrefix("none") || thumbnailRule.hasPrefix("empty")) && analysis.thumbnail != nil && !onPurpose {
                    problems.append("a thumbnail was made from pixels that must not be used")
                }
            }
            print(String(format: "%@ %@ (%.0f ms)", name, summary, seconds * 1000))
            for problem in problems { print("MISMATCH \(name): \(problem)") }
            if problems.isEmpty { passed += 1 } else { failed += 1 }
        }
        return (passed, failed)
    }
}
