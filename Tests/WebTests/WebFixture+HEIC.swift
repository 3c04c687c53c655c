import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

extension WebFixture {
    /// Tests/Fixtures/heic-pillow: HEIF files from pillow-heif's tests (its README).
    static let heicPillow = Repository.fixtures.appendingPathComponent("heic-pillow")

    /// The web fixture's squares plus real HEICs: an iPhone 8 Plus portrait stored turned
    /// (`irot` 270° and EXIF Orientation 6, shown 3024×4032), a 1600×900 HEIC, and a copy of
    /// it whose brands are only the generic `mif1` (a HEIF, not a HEIC).
    static func withHEICs(adding extra: [URL] = []) throws -> WebFixture {
        let fixture = try WebFixture()
        let reykjavik = Repository.root.appendingPathComponent("SampleImages/10-reykjavik-dandelions.heic")
        for url in [heicPillow.appendingPathComponent("arrow.heic"), reykjavik] + extra {
            try FileManager.default.copyItem(at: url, to: fixture.photos.appendingPathComponent(url.lastPathComponent))
        }
        var generic = [UInt8](try Data(contentsOf: reykjavik))
        XCTAssertEqual(String(decoding: generic[8..<12], as: UTF8.self), "heic")
        let ftypEnd = Int(generic[3])  // a small ftyp: its size fits the last byte
        for brand in stride(from: 8, to: ftypEnd, by: 4) where String(decoding: generic[brand..<brand + 4], as: UTF8.self) == "heic" {
            generic.replaceSubrange(brand..<brand + 4, with: Array("mif1".utf8))
        }
        try Data(generic).write(to: fixture.photos.appendingPathComponent("generic.heif"))
        let summary = try Ingester(store: fixture.store, options: IngestOptions(jobs: 2)).ingest(paths: [fixture.photos.path])
        XCTAssertEqual(summary.failed, 0)
        return fixture
    }
}
