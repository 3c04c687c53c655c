import DaybookCore
import DaybookImaging
import DaybookMetadata
import Foundation

/// Each corpus photo's metadata must equal what exiftool read (truth.json), apart from the
/// differences listed, with their reasons, in `ExpectedDifference.all`.
struct CorpusCheck {
    let root: URL
    var expected = ExpectedDifference.all

    /// One field where Daybook and exiftool disagree, both sides formatted for printing.
    struct Difference: Equatable {
        let field: String
        let exiftool: String
        let ours: String
    }

    func run() throws -> (passed: Int, failed: Int) {
        let truth = try JSONObject.load(root.appendingPathComponent("truth.json"))
        var passed = 0, failed = 0
        var seen: [ExpectedDifference] = []
        var paths: Set<String> = []
        for file in truth.objects("files") {
            guard let path = file.string("path") else { continue }
            paths.insert(path)
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            var unexpected = 0
            for difference in differences(file, metadata: ExifReader.read(jpeg: bytes), frame: try? JPEGDecoder.frameSize(of: bytes)) {
                if let known = expected.first(where: { $0.matches(path: path, difference) }) {
                    seen.append(known)
                    print(
                        "EXPECTED DIFFERENCE \(path): \(difference.field): exiftool \(difference.exiftool), Daybook \(difference.ours); \(known.reason)"
                    )
                } else {
                    unexpected += 1
                    print("MISMATCH \(path): \(difference.field): got \(difference.ours), exiftool has \(difference.exiftool)")
                }
            }
            if unexpected == 0 { passed += 1 } else { failed += 1 }
        }
        // A listed difference that no longer occurs means the table is out of date: fail, so
        // it is looked at. Files not in this corpus (it is split in halves) are only noted.
        for known in expected where !seen.contains(known) {
            if paths.contains(known.path) {
                print(
                    "STALE EXPECTED DIFFERENCE \(known.path): \(known.field): exiftool \(known.exiftool), Daybook \(known.ours) no longer differs this way"
                )
                failed += 1
            } else {
                print("note: expected difference for \(known.path) not checked (file not in this corpus)")
            }
        }
        return (passed, failed)
    }

    func differences(_ file: JSONObject, metadata: PhotoMetadata, frame: FrameSize?) -> [Difference] {
        var found: [Difference] = []
        func compare(_ field: String, exiftool: String, ours: String) {
            if exiftool != ours { found.append(Difference(field: field, exiftool: exiftool, ours: ours)) }
        }

        let wantedDate = file.string("capture_date").map { "\($0) from \(file.string("capture_date_source") ?? "?")" }
        let gotDate = metadata.capture.map { "\($0.local.exifString) from \($0.source.rawValue)" }
        compare("capture date", exiftool: show(wantedDate), ours: show(gotDate))
        found += OffsetCheck.differences(
            offsetTag: file.string("offset_time_original"), gpsTime: file.object("gps")?.string("gps_datetime_utc"),
            capture: metadata.capture)

        let gps = file.object("gps")
        let location = metadata.location
        if !(sameDegrees(gps?.double("latitude"), location?.latitude) && sameDegrees(gps?.double("longitude"), location?.longitude)) {
            found.append(
                Difference(
                    field: "gps", exiftool: "\(show(gps?.double("latitude"))), \(show(gps?.double("longitude")))",
                    ours: "\(show(location?.latitude)), \(show(location?.longitude))"))
        }
        if let location, let gps, !sameDegrees(gps.double("altitude_m"), location.altitude, tolerance: 1e-3) {
            found.append(Difference(field: "altitude", exiftool: show(gps.double("altitude_m")), ours: show(location.altitude)))
        }
        compare("orientation", exiftool: String(file.int("orientation") ?? 1), ours: String(metadata.orientation.rawValue))
        compare("make", exiftool: show(file.string("make")), ours: show(metadata.make))
        compare("model", exiftool: show(file.string("model")), ours: show(metadata.model))
        if let width = file.int("image_width"), let height = file.int("image_height") {
            compare("frame", exiftool: "\(width)x\(height)", ours: show(frame.map { "\($0.width)x\($0.height)" }))
        }
        return found
    }
}
