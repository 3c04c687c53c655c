import DaybookImaging
import DaybookMetadata
import Foundation

/// Each corpus photo's metadata must equal what exiftool read (truth.json), for every tag
/// libexif can see (its `libexif_crosscheck`); where the two readers disagree, either
/// answer passes.
struct CorpusCheck {
    let root: URL

    func run() throws -> (passed: Int, failed: Int) {
        let truth = try JSONObject.load(root.appendingPathComponent("truth.json"))
        var passed = 0, failed = 0
        for file in truth.objects("files") {
            guard let path = file.string("path") else { continue }
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            let mismatches = check(file, metadata: ExifReader.read(jpeg: bytes), frame: try? JPEGDecoder.frameSize(of: bytes))
            for mismatch in mismatches { print("MISMATCH \(path): \(mismatch)") }
            if mismatches.isEmpty { passed += 1 } else { failed += 1 }
        }
        return (passed, failed)
    }

    func check(_ file: JSONObject, metadata: PhotoMetadata, frame: FrameSize?) -> [String] {
        var problems: [String] = []
        let cross = file.object("libexif_crosscheck") ?? JSONObject(raw: [:])
        let libexifLoaded = cross.bool("loaded") ?? false

        // Capture date and its source tag: the truth, or what libexif's values imply.
        var acceptedDates: [(String?, String?)] = [(file.string("capture_date"), file.string("capture_date_source"))]
        if libexifLoaded {
            let fromLibexif = [("datetime_original", "DateTimeOriginal"), ("create_date", "CreateDate"), ("modify_date", "ModifyDate")]
                .first { cross.string($0.0).flatMap(LocalDateTime.init(exif:)) != nil }
            acceptedDates.append((fromLibexif.flatMap { cross.string($0.0) }, fromLibexif?.1))
        } else {
            acceptedDates = [(nil, nil)]
        }
        let gotDate = (metadata.capture?.local.exifString, metadata.capture?.source.rawValue)
        if !acceptedDates.contains(where: { $0 == gotDate }) {
            problems.append("capture date: got \(show(gotDate.0)) from \(show(gotDate.1)), want \(acceptedDates.map { "\(show($0.0)) from \(show($0.1))" }.joined(separator: " or "))")
        }

        // Offset: the EXIF tag when present; otherwise any offset must agree with the GPS clock.
        if let wanted = file.string("offset_time_original") {
            if metadata.capture?.offset?.formatted != wanted || metadata.capture?.offset?.source != .exifOffsetTag {
                problems.append("offset: got \(show(metadata.capture?.offset?.formatted)), want \(wanted)")
            }
        } else if let offset = metadata.capture?.offset {
            if offset.source != .gpsTimestamp {
                problems.append("offset: got \(offset.formatted) from \(offset.source.rawValue), the file has no offset tag")
            } else if let gps = file.object("gps")?.string("gps_datetime_utc"),
                      let utc = LocalDateTime(exif: String(gps.prefix(19))),
                      let local = metadata.capture?.local {
                let implied = local.secondsSinceEpochIgnoringZone - Int64(offset.seconds) - utc.secondsSinceEpochIgnoringZone
                if abs(implied) > 120 {
                    problems.append("offset: \(offset.formatted) from GPS disagrees with GPS time \(gps) by \(implied) s")
                }
            } else {
                problems.append("offset: got \(offset.formatted) from GPS, but the truth has no GPS time")
            }
        }

        // GPS: truth, or libexif's signed values.
        let gps = file.object("gps")
        let candidates: [(Double?, Double?)] = [(gps?.double("latitude"), gps?.double("longitude")),
                                                (cross.double("gps_latitude"), cross.double("gps_longitude"))]
        let location = metadata.location
        if !candidates.contains(where: { sameDegrees($0.0, location?.latitude) && sameDegrees($0.1, location?.longitude) }) {
            problems.append("gps: got \(show(location?.latitude)), \(show(location?.longitude)), want \(show(gps?.double("latitude"))), \(show(gps?.double("longitude")))")
        }
        if let location, let gps, !sameDegrees(gps.double("altitude_m"), location.altitude, tolerance: 1e-3) {
            problems.append("altitude: got \(show(location.altitude)), want \(show(gps.double("altitude_m")))")
        }

        let wantedOrientations = Set([file.int("orientation") ?? 1, libexifLoaded ? (cross.int("orientation") ?? 1) : 1])
        if !wantedOrientations.contains(metadata.orientation) {
            problems.append("orientation: got \(metadata.orientation), want \(wantedOrientations.sorted())")
        }
        for (field, got) in [("make", metadata.make), ("model", metadata.model)] {
            let wanted = Set([file.string(field), libexifLoaded ? cross.string(field) : nil])
            if !wanted.contains(got) {
                problems.append("\(field): got \(show(got)), want \(show(file.string(field)))")
            }
        }
        if let width = file.int("image_width"), let height = file.int("image_height"),
           frame != FrameSize(width: width, height: height) {
            problems.append("frame: got \(show(frame.map { "\($0.width)x\($0.height)" })), want \(width)x\(height)")
        }
        return problems
    }
}
