import DaybookCore
import DaybookImaging
import DaybookIngest
import Foundation

/// Each video, analysed as `ingest` does, must agree with the second readers in DIR/truth.json
/// (`make_videos.sh`: ffprobe's `-show_format -show_streams` and exiftool's `-j -G -n`, one
/// object per file): the date, the GPS position, the length, the shown frame and the rotation.
/// Prints one line per file with Daybook's values, then one `MISMATCH` line per disagreement.
struct VideoCheck {
    let root: URL

    func run() throws -> (passed: Int, failed: Int) {
        var passed = 0, failed = 0
        for file in try JSONObject.load(root.appendingPathComponent("truth.json")).objects("files") {
            guard let name = file.string("file"), let probe = file.object("ffprobe"), let exif = file.object("exiftool") else { continue }
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
            var cells: [(field: String, ours: String, theirs: String)] = []
            do {
                let analysis = try PhotoAnalyzer().analyze(bytes)
                let video = try VideoFile(bytes)
                let stream = probe.objects("streams").first { $0.string("codec_type") == "video" }
                let rotation = stream?.objects("side_data_list").compactMap { $0.int("rotation") }.first ?? 0
                let stored = (stream?.int("width") ?? 0, stream?.int("height") ?? 0)
                let shown = rotation % 180 == 0 ? stored : (stored.1, stored.0)
                cells.append(("date", Self.date(analysis.metadata.capture), Self.date(exif)))
                let location = analysis.metadata.location
                let theirs = Self.coordinates(exif)
                let sameGPS = sameDegrees(theirs?.0, location?.latitude) && sameDegrees(theirs?.1, location?.longitude)
                let ours = location.map { "\(show($0.latitude)), \(show($0.longitude))" } ?? "none"
                cells.append(("gps", ours, sameGPS ? ours : theirs.map { "\(show($0.0)), \(show($0.1))" } ?? "none"))
                let duration = Double(probe.object("format")?.string("duration") ?? "") ?? 0
                let ourDuration = analysis.durationSeconds ?? 0
                cells.append(("duration", String(format: "%.3f", ourDuration), String(format: "%.3f", duration)))
                cells.append(("frame", analysis.frame.map { "\($0.width)×\($0.height)" } ?? "none", "\(shown.0)×\(shown.1)"))
                // ffprobe's rotation is the display matrix's angle counter-clockwise; Daybook's the turn to show.
                let turn = ((-rotation % 360) + 360) % 360
                cells.append(("rotation", "\(Self.degrees(video.orientation))", "\(turn)"))
            } catch {
                print("MISMATCH \(name): not read: \(error)")
                failed += 1
                continue
            }
            print("\(name): " + cells.map { "\($0.field) \($0.ours)" }.joined(separator: ", "))
            let mismatches = cells.filter { $0.ours != $0.theirs }
            for cell in mismatches { print("MISMATCH \(name): \(cell.field): got \(cell.ours), ffprobe/exiftool have \(cell.theirs)") }
            if mismatches.isEmpty { passed += 1 } else { failed += 1 }
        }
        return (passed, failed)
    }

    /// Daybook's date as exiftool prints it: `2023:06:14 18:30:05+02:00` when the file wrote
    /// the offset with the time, the UTC time alone for the container's (UTC) creation time.
    static func date(_ capture: CaptureTime?) -> String {
        guard let capture else { return "none" }
        if capture.source == .quickTimeCreationDate, let offset = capture.offset {
            return capture.local.exifString + offset.formatted
        }
        return capture.local.exifString
    }

    /// exiftool's: Keys:CreationDate, else QuickTime:CreateDate (zero when unset).
    static func date(_ exif: JSONObject) -> String {
        if let keys = exif.string("QuickTime:CreationDate") { return keys }
        guard let created = exif.string("QuickTime:CreateDate"), created != "0000:00:00 00:00:00" else { return "none" }
        return created
    }

    /// exiftool's GPSCoordinates with -n: "lat lon [alt]".
    static func coordinates(_ exif: JSONObject) -> (Double, Double)? {
        let parts = (exif.string("QuickTime:GPSCoordinates") ?? "").split(separator: " ").compactMap { Double($0) }
        return parts.count >= 2 ? (parts[0], parts[1]) : nil
    }

    static func degrees(_ orientation: Orientation) -> Int {
        switch orientation {
        case .right: 90
        case .down: 180
        case .left: 270
        default: 0
        }
    }
}
