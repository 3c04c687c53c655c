import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import DaybookWeb

/// The web journal's templates and static files come from the files in the repository
/// (Templates/mustache, Assets/static), as the binary carries them.
final class EmbeddedWebFileTests: XCTestCase {
    func testEveryPageAndPartialHasItsTemplateFile() {
        for name in TemplateLibrary.partials + TemplateLibrary.Page.allCases.map(\.rawValue) {
            XCTAssertNotNil(TemplateLibrary.texts[name], name)
            let file = Repository.root.appendingPathComponent("\(TemplateLibrary.folder)/\(name).mustache")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.path)
        }
    }

    /// On a real server: each file under static/ is the repository's file (the maps with the
    /// shared base first), and countries.js is the GeoJSON file as a script.
    func testServedStaticFilesAreTheRepositorysFiles() async throws {
        let folder = Repository.root.appendingPathComponent(StaticAssets.folder)
        func disk(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let expected = try [
            "daybook.css": disk("daybook.css"), "timeline.js": disk("timeline.js"),
            "map.js": disk("map-base.js") + disk("map.js"), "entry-map.js": disk("map-base.js") + disk("entry-map.js"),
            "countries.js": "window.DAYBOOK_COUNTRIES =\n" + disk("countries.geojson") + ";",
        ]
        let fixture = try WebFixture()
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            for (name, text) in expected {
                try await client.execute(uri: "/static/\(name)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok, name)
                    XCTAssertEqual(String(buffer: response.body), text, name)
                }
            }
        }
        let outlines = try JSONSerialization.jsonObject(with: Data(try disk("countries.geojson").utf8)) as? [String: Any]
        XCTAssertEqual(outlines?["type"] as? String, "FeatureCollection")
        XCTAssertEqual((outlines?["features"] as? [Any])?.count, 177, "Natural Earth's 1:110m countries")
    }
}
