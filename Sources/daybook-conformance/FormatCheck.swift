import DaybookIngest
import DaybookMetadata
import Foundation

/// Each still, AVIF or camera RAW, analysed as `ingest` does, must agree with exiftool's
/// reading in DIR/truth.json (`exiftool -n -json` of the date, GPS and orientation tags, one
/// object per file; the check never runs exiftool itself). Prints one table per format
/// (exiftool's FileTypeExtension) so a reader sees at a glance which formats agree, then one
/// `MISMATCH` line per disagreement.
struct FormatCheck {
    let root: URL

    /// One file's three readings, Daybook's beside exiftool's.
    struct Row {
        let name: String
        var cells: [(field: String, ours: String, exiftool: String)]
        var failure: String?
        var agrees: Bool { failure == nil && cells.allSatisfy { $0.ours == $0.exiftool } }
    }

    static let fields = ["date", "gps", "orientation"]

    func run() throws -> (passed: Int, failed: Int) {
        let data = try Data(contentsOf: root.appendingPathComponent("truth.json"))
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var byFormat: [String: [Row]] = [:]
        for file in list.map(JSONObject.init) {
            guard let name = file.string("SourceFile") else { continue }
            byFormat[file.string("FileTypeExtension")?.uppercased() ?? "unknown", default: []].append(try row(name, file))
        }
        var passed = 0, failed = 0
        for (format, rows) in byFormat.sorted(by: { $0.key < $1.key }) {
            print(Self.table(format, rows))
            passed += rows.count { $0.agrees }
            failed += rows.count { !$0.agrees }
        }
        for row in byFormat.values.joined() {
            if let failure = row.failure { print("MISMATCH \(row.name): not read: \(failure)") }
            for cell in row.cells where cell.ours != cell.exiftool {
                print("MISMATCH \(row.name): \(cell.field): got \(cell.ours), exiftool has \(cell.exiftool)")
            }
        }
        return (passed, failed)
    }

    func row(_ name: String, _ file: JSONObject) throws -> Row {
        let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
        let metadata: PhotoMetadata
        do { metadata = try PhotoAnalyzer().analyze(bytes).metadata } catch {
            return Row(name: name, cells: [], failure: error.reason)
        }
        // The first date exiftool has in Daybook's order; its zone suffix (XMP, QuickTime) is the offset's, not the time's.
        let date = ["DateTimeOriginal", "CreateDate", "CreationTime", "ModifyDate"].lazy.compactMap { file.string($0) }.first
        let latitude = file.double("GPSLatitude"), longitude = file.double("GPSLongitude")
        let location = metadata.location
        let sameGPS = sameDegrees(latitude, location?.latitude) && sameDegrees(longitude, location?.longitude)
        let ourGPS = location.map { "\(show($0.latitude)), \(show($0.longitude))" } ?? "none"
        let theirGPS = latitude.map { "\(show($0)), \(show(longitude))" } ?? "none"
        // A HEIF's (AVIF's) pixels are turned by libheif from its irot box, so Daybook stores 1 whatever EXIF says.
        let isHEIF = ["avif", "heic", "heif"].contains(file.string("FileTypeExtension")?.lowercased() ?? "")
        let orientation = isHEIF ? 1 : file.int("Orientation") ?? 1
        return Row(
            name: name,
            cells: [
                ("date", metadata.capture?.local.exifString ?? "none", date.map { String($0.prefix(19)) } ?? "none"),
                ("gps", ourGPS, sameGPS ? ourGPS : theirGPS),
                ("orientation", "\(metadata.orientation.rawValue)", "\(orientation)"),
            ])
    }

    /// `FORMAT (n files)` and one line per file: Daybook's value where exiftool agrees, `ours ≠ theirs` where not.
    static func table(_ format: String, _ rows: [Row]) -> String {
        let header = ["file"] + fields + ["result"]
        let lines = rows.map { row in
            [row.name]
                + (row.failure.map { failure in fields.map { _ in "not read" } + ["FAIL: \(failure)"] }
                    ?? row.cells.map { $0.ours == $0.exiftool ? $0.ours : "\($0.ours) ≠ \($0.exiftool)" } + [row.agrees ? "ok" : "FAIL"])
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        return (["\(format) (\(rows.count) file\(rows.count == 1 ? "" : "s"))", line(header)] + lines.map(line)).joined(separator: "\n")
            + "\n"
    }
}
