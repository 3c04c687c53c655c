import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import DaybookWeb

/// The entry page's date and place forms, on a real server: the entry and its journal file
/// move, every page shows the new date and place, and a place that cannot be read is one
/// clear line on the page with nothing changed.
final class PlaceDateRouteTests: XCTestCase {
    func write(_ fixture: WebFixture) throws -> JournalEntry {
        let date = LocalDateTime(year: 2024, month: 5, day: 17, hour: 12, minute: 30, second: 0)!
        return try fixture.store.write(
            NewTextEntry(text: "Temple gardens", date: date, offset: UTCOffset(seconds: 9 * 3600, source: .device)))
    }

    func testTheDateAndPlaceFormsMoveAnEntryAndItsFile() async throws {
        let fixture = try WebFixture()
        let entry = try write(fixture)
        let root = fixture.store.library.root
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let headers = formHeaders + [.origin: "http://localhost"]
            let page = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            let token = try XCTUnwrap(page.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            XCTAssertTrue(page.contains(#"<form class="whenwhere" method="post" action="/entries/\#(entry.id)/date">"#), page)
            XCTAssertTrue(page.contains(#"name="date" step="1" value="2024-05-17T12:30:00" required>"#), page)
            XCTAssertTrue(page.contains(#"<input type="text" name="place" value="" placeholder="#), page)
            XCTAssertFalse(page.contains("id=\"entrymap\""), "no place, no map")

            func post(_ field: String, _ value: String, csrf: String? = token) async throws -> TestResponse {
                let fields = [(field, value)] + (csrf.map { [("csrf", $0)] } ?? [])
                let uri = "/entries/\(entry.id)/\(field)"
                return try await client.execute(uri: uri, method: .post, headers: headers, body: formBody(fields)) { $0 }
            }
            let dated = try await post("date", "2024-06-01T09:15")
            XCTAssertEqual(dated.status, .seeOther, dated.text)
            var moved = try XCTUnwrap(try fixture.store.entry(id: entry.id))
            XCTAssertEqual(moved.capturedLocal?.iso8601, "2024-06-01T09:15:00")
            XCTAssertEqual(moved.sourcePath, "journal/2024/06/2024-06-01-\(entry.shortID).md")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(entry.sourcePath).path))
            let file = root.appendingPathComponent(moved.sourcePath)
            XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("\ndate: 2024-06-01T09:15:00\n"))

            let placed = try await post("place", "Kyoto")
            XCTAssertEqual(placed.status, .seeOther, placed.text)
            moved = try XCTUnwrap(try fixture.store.entry(id: entry.id))
            XCTAssertEqual(moved.place?.name, "Kyoto")
            XCTAssertEqual(moved.locationSource, .user)
            XCTAssertEqual(moved.weatherStatus, .pending, "weather is fetched for the new place")
            let location = try XCTUnwrap(moved.location)
            XCTAssertEqual(location.latitude, 35.0, accuracy: 0.2)
            let bytes = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(bytes.contains("\nplace: \"Kyoto\"\nlatitude: \(location.latitude)\nlongitude: \(location.longitude)\n"), bytes)

            let shown = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            XCTAssertTrue(shown.contains(#"name="place" value="Kyoto, JP""#), shown)
            XCTAssertTrue(shown.contains("<h1>Saturday 1 June 2024</h1>"), shown)
            XCTAssertTrue(shown.contains(#"data-place="Kyoto"#), "the map shows the place: \(shown)")
            let same = try await post("place", "Kyoto, JP")
            XCTAssertEqual(same.status, .seeOther, "the value the page showed is no change")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.location, moved.location)
            for uri in ["/search?q=kyoto", "/on-this-day?date=06-01", "/search?near=Kyoto&radius=5km"] {
                let found = try await client.execute(uri: uri, method: .get) { $0.text }
                XCTAssertTrue(found.contains("data-id=\"\(entry.id)\""), "\(uri): \(found)")
            }

            let before = try Data(contentsOf: file)
            for (field, value, words) in [
                ("place", "Nowhereville123", "No place called &quot;Nowhereville123&quot; is in the offline list of towns"),
                ("place", "95,10", "&quot;95,10&quot; is not a place on Earth"),
                ("place", " ", "The place is empty"),
                ("date", "yesterday", "&quot;yesterday&quot; is not a date: give one like 2024-05-17 12:30"),
            ] {
                let refused = try await post(field, value)
                XCTAssertEqual(refused.status, .badRequest, value)
                XCTAssertTrue(refused.text.contains(words), refused.text)
                XCTAssertTrue(refused.text.contains("Nothing was changed."), refused.text)
                XCTAssertTrue(refused.text.contains("href=\"/entries/\(entry.id)\""), "the page leads back to the entry")
            }
            let tokenless = try await post("place", "Paris", csrf: nil)
            XCTAssertEqual(tokenless.status, .forbidden)
            XCTAssertEqual(try Data(contentsOf: file), before, "nothing refused changed the file")

            let shared = try await post("place", "Paris")
            XCTAssertEqual(shared.status, .ok)
            XCTAssertTrue(shared.text.contains("other places have that name"), shared.text)
            XCTAssertTrue(shared.text.contains("like &quot;Paris, US&quot;"), shared.text)
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.place?.countryCode, "FR")

            let coordinates = try await post("place", "-33.9,151.2")
            XCTAssertEqual(coordinates.status, .seeOther)
            let sydney = try XCTUnwrap(try fixture.store.entry(id: entry.id))
            XCTAssertEqual(sydney.location?.latitude, -33.9)
            XCTAssertEqual(sydney.location?.longitude, 151.2)
            XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("\nlatitude: -33.9\nlongitude: 151.2\n"))
        }
    }

    func testAPhotoWithoutGPSTakesAPlaceAndAReadOnlyLibraryShowsNoForm() async throws {
        let fixture = try WebFixture()
        let photo = try XCTUnwrap(try fixture.store.entries().first { $0.location == nil && $0.media == .photo })
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/entries/\(photo.id)", method: .get) { $0.text }
            let token = try XCTUnwrap(page.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            let headers = formHeaders + [.origin: "http://localhost"]
            let body = formBody([("place", "Reykjavik"), ("csrf", token)])
            try await client.execute(uri: "/entries/\(photo.id)/place", method: .post, headers: headers, body: body) { response in
                XCTAssertEqual(response.status, .seeOther, response.text)
            }
            let placed = try XCTUnwrap(try fixture.store.entry(id: photo.id))
            XCTAssertEqual(placed.place?.countryCode, "IS")
            XCTAssertEqual(placed.sourcePath, photo.sourcePath, "a photo stays where it is")
            XCTAssertEqual(placed.weatherStatus, placed.capturedLocal == nil ? .unavailable : .pending)
        }
        let readOnly = try WebJournal(
            store: try JournalStore.openReadOnly(library: fixture.store.library), configuration: WebConfiguration())
        try await readOnly.application(logger: Logger(label: "t")).test(.router) { client in
            let page = try await client.execute(uri: "/entries/\(photo.id)", method: .get) { $0.text }
            XCTAssertFalse(page.contains("whenwhere"), page)
            XCTAssertFalse(page.contains("name=\"place\""), page)
        }
    }
}
