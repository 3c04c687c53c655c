import DaybookCore
import DaybookImaging
import DaybookTagging
import DaybookTestSupport
import Foundation

/// The sample squares (Tests/Fixtures/sample-squares) as ingest gives them to the tagger: at
/// thumbnail size, their EXIF orientation applied.
enum SampleThumbnails {
    static let samples = Repository.sampleSquares

    /// EXIF orientation of each file (see Tests/Fixtures/sample-squares/README.md); absent means 1.
    static let orientations: [String: Orientation] = ["01": .up, "02": .right, "03": .down, "04": .left]

    static func thumbnail(_ name: String) throws -> RGBImage {
        let bytes = [UInt8](try Data(contentsOf: samples.appendingPathComponent(name)))
        let orientation = orientations[String(name.prefix(2))] ?? .up
        return try ThumbnailMaker().make(from: bytes, orientation: orientation).image
    }

    static func all() throws -> [(String, RGBImage)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        return try names.map { ($0, try thumbnail($0)) }
    }
}
