import DaybookCore
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// `/api/map`, `/api/map/entries` and `/api/places`: what they answer, and a clear 400 for
/// every parameter that does not read.
final class MapRouteTests: XCTestCase {
    func testTheWorldViewGivesEveryPlacedEntryCompactly() async throws {
        let fixture = try WebFixture()
        let placed = try fixture.store.entries().filter { $0.location != nil }
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/map?bbox=-180,-90,180,90&zoom=2", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "application/json; charset=utf-8")
                XCTAssertFalse(response.text.contains("\n"), "compact")
                let answer = try XCTUnwrap(try response.json() as? [String: Any])
                XCTAssertEqual(answer["count"] as? Int, placed.count)
                let points = try XCTUnwrap(answer["points"] as? [[String: Any]])
                XCTAssertEqual(Set(points.compactMap { $0["id"] as? String }), Set(placed.map(\.id)), "few: the entries themselves")
                XCTAssertTrue(points.contains { ($0["place"] as? String)?.hasPrefix("Paris, France") == true })
            }
            // A view across the antimeridian holds none of this journal's places (Europe, the Americas...).
            try await client.execute(uri: "/api/map?bbox=170,-60,-170,60&zoom=4", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                let answer = try XCTUnwrap(try response.json() as? [String: Any])
                XCTAssertEqual(answer["count"] as? Int, 0)
            }
            let paris = try XCTUnwrap(placed.first { $0.sourcePath.hasSuffix("01-paris-2019-07.jpg") }?.location)
            // The same view shifted to hold Paris, across the antimeridian the other way round.
            try await client.execute(uri: "/api/map?bbox=0,40,-170,60&zoom=3", method: .get) { response in
                let answer = try XCTUnwrap(try response.json() as? [String: Any])
                let points = try XCTUnwrap(answer["points"] as? [[String: Any]])
                XCTAssertTrue(points.contains { $0["latitude"] as? Double == paris.latitude }, "\(points)")
            }
        }
    }

    func testEveryBadParameterIsA400SayingWhy() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            let refused: [(String, String)] = [
                ("/api/map?zoom=3", "bbox is required"),
                ("/api/map?bbox=1,2,3&zoom=3", "four numbers"),
                ("/api/map?bbox=a,b,c,d&zoom=3", "four numbers"),
                ("/api/map?bbox=-190,0,10,10&zoom=3", "west and east"),
                ("/api/map?bbox=0,-95,10,10&zoom=3", "south and north"),
                ("/api/map?bbox=0,20,10,10&zoom=3", "south must not be north"),
                ("/api/map?bbox=0,0,10,10", "zoom"),
                ("/api/map?bbox=0,0,10,10&zoom=23", "zoom"),
                ("/api/map?bbox=0,0,10,10&zoom=2.5", "zoom"),
                ("/api/map/entries", "cell"),
                ("/api/map/entries?cell=99/0/0", "cell"),
                ("/api/map/entries?cell=4/16/0", "cell"),
                ("/api/map/entries?cell=4/0/0&limit=0", "limit"),
                ("/api/places?limit=5000", "limit"),
            ]
            for (uri, reason) in refused {
                try await client.execute(uri: uri, method: .get) { response in
                    XCTAssertEqual(response.status, .badRequest, uri)
                    XCTAssertTrue(response.text.contains(reason), "\(uri): \(response.text)")
                    XCTAssertEqual(response.text.split(separator: "\n").count, 1, "one line")
                }
            }
            try await client.execute(uri: "/api/places?before=00000000-0000-0000-0000-000000000000", method: .get) { response in
                XCTAssertEqual(response.status, .notFound)
            }
            try await client.execute(uri: "/api/map/entries?entry=00000000-0000-0000-0000-000000000000", method: .get) { response in
                XCTAssertEqual(response.status, .notFound)
            }
        }
    }

    func testPlacesAndACellPageNewestFirst() async throws {
        let fixture = try WebFixture()
        let placed = try fixture.store.entries().filter { $0.location != nil }  // the timeline's order
        try await fixture.application().test(.router) { client in
            var seen: [String] = []
            var before = ""
            repeat {
                var next: String?
                try await client.execute(uri: "/api/places?limit=4&before=\(before)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    let answer = try XCTUnwrap(try response.json() as? [String: Any])
                    seen += try XCTUnwrap(answer["entries"] as? [[String: Any]]).compactMap { $0["id"] as? String }
                    next = answer["next_before"] as? String
                }
                before = next ?? ""
            } while !before.isEmpty && seen.count <= placed.count
            XCTAssertEqual(seen, placed.map(\.id), "every placed entry once, newest first")

            // The whole world at level 2 is 8 cells: all of them together page through every entry.
            var fromCells: [String] = []
            for x in 0..<4 {
                for y in 0..<2 {
                    try await client.execute(uri: "/api/map/entries?cell=2/\(x)/\(y)&limit=1000", method: .get) { response in
                        XCTAssertEqual(response.status, .ok)
                        let answer = try XCTUnwrap(try response.json() as? [String: Any])
                        let ids = try XCTUnwrap(answer["entries"] as? [[String: Any]]).compactMap { $0["id"] as? String }
                        XCTAssertEqual(ids, placed.map(\.id).filter(ids.contains), "2/\(x)/\(y) newest first")
                        fromCells += ids
                    }
                }
            }
            XCTAssertEqual(Set(fromCells), Set(placed.map(\.id)))
            XCTAssertEqual(fromCells.count, placed.count)
            let one = placed[0]
            try await client.execute(uri: "/api/map/entries?entry=\(one.id)", method: .get) { response in
                let answer = try XCTUnwrap(try response.json() as? [String: Any])
                XCTAssertEqual(try XCTUnwrap(answer["entries"] as? [[String: Any]]).compactMap { $0["id"] as? String }, [one.id])
            }
        }
    }
}
