import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookMetadata
import Foundation

/// Each HEIF photo, analysed as `ingest` does, must agree with exiftool's reading in
/// truth.json (`exiftool -j -n -a -G1`, a list with one object per file): the capture date by
/// Daybook's fallback order, the offset, GPS, camera, and the size a viewer shows (the `ispe`
/// size turned by the `irot` angle, QuickTime:Rotation). The stored orientation must be 1:
/// a HEIF's pixels are turned by libheif, never by its EXIF Orientation tag.
struct HEIFCheck {
    let root: URL

    func run() throws -> (passed: Int, failed: Int) {
        let data = try Data(contentsOf: root.appendingPathComponent("truth.json"))
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var passed = 0, failed = 0
        for file in list.map(JSONObject.init) {
            guard let name = file.string("SourceFile") else { continue }
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
            let problems: [String]
            do {
                problems = differences(file, try PhotoAnalyzer().analyze(bytes))
            } catch {
                problems = ["not ingested: \(error.reason)"]
            }
            for problem in problems { print("MISMATCH \(name): \(problem)") }
            if problems.isEmpty { passed += 1 } else { failed += 1 }
        }
        return (passed, failed)
    }

    func differences(_ file: JSONObject, _ analysis: PhotoAnalysis) -> [String] {
        var found: [String] = []
        func compare(_ field: String, exiftool: String, ours: String) {
            if exiftool != ours { found.append("\(field): got \(ours), exiftool has \(exiftool)") }
        }
        let metadata = analysis.metadata
        let dateTags: [(String, CaptureSource)] = [
            ("ExifIFD:DateTimeOriginal", .dateTimeOriginal), ("ExifIFD:CreateDate", .createDate), ("IFD0:ModifyDate", .modifyDate),
        ]
        let wanted = dateTags.lazy.compactMap { tag, source in
            file.string(tag).flatMap { LocalDateTime(exif: $0) }.map { "\($0.exifString) from \(source.rawValue)" }
        }.first
        let got = metadata.capture.map { "\($0.local.exifString) from \($0.source.rawValue)" }
        compare("capture date", exiftool: show(wanted), ours: show(got))
        let gpsTime = file.string("GPS:GPSDateStamp").flatMap { date in file.string("GPS:GPSTimeStamp").map { "\(date) \($0.prefix(8))" } }
        let offsets = OffsetCheck.differences(
            offsetTag: file.string("ExifIFD:OffsetTimeOriginal"), gpsTime: gpsTime, capture: metadata.capture)
        found += offsets.map { "\($0.field): got \($0.ours), exiftool has \($0.exiftool)" }

        let latitude = file.double("Composite:GPSLatitude")
        let longitude = file.double("Composite:GPSLongitude")
        if !(sameDegrees(latitude, metadata.location?.latitude) && sameDegrees(longitude, metadata.location?.longitude)) {
            found.append(
                "gps: got \(show(metadata.location?.latitude)), \(show(metadata.location?.longitude)), "
                    + "exiftool has \(show(latitude)), \(show(longitude))")
        }
        compare("make", exiftool: show(file.string("IFD0:Make")), ours: show(metadata.make))
        compare("model", exiftool: show(file.string("IFD0:Model")), ours: show(metadata.model))
        if metadata.orientation != .up {
            found.append("stored orientation: got \(metadata.orientation.rawValue), must be 1 (libheif turns the pixels)")
        }
        if let width = file.int("File:ImageWidth"), let height = file.int("File:ImageHeight") {
            let turned = [90, 270].contains(file.int("QuickTime:Rotation") ?? 0)
            let shown = turned ? "\(height)x\(width)" : "\(width)x\(height)"
            compare("shown size", exiftool: shown, ours: show(analysis.frame.map { "\($0.width)x\($0.height)" }))
        }
        return found
    }
}
