import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

/// Where a place came from (`location_source`): stored, exported, imported and checked like
/// the date's source; and what the v6 migration gives the entries of an old library.
final class LocationSourceTests: XCTestCase {
    let first = "item 0 (id \"aaaa0001-0000-0000-0000-000000000000\")"

    func testEachSourceIsStoredAndPrinted() throws {
        let folder = try TemporaryFolder.make("daybook-location-source")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try JournalStore(library: Library(root: folder))
        for (index, source) in LocationSource.allCases.enumerated() {
            var entry = ArchiveFixture.entry(
                id: "0000000\(index)-0000-0000-0000-000000000000", hash: ArchiveFixture.hash(Character("\(index)")))
            entry.locationSource = source
            try store.insert(entry)
            XCTAssertEqual(try store.entry(idPrefix: entry.id).locationSource, source)
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(EntryOutput(entry))) as? [String: Any]
            XCTAssertEqual(json?["location_source"] as? String, source.rawValue)
        }
        // A place removed from an entry takes its source with it.
        var placeless = ArchiveFixture.entry(id: "0000000f-0000-0000-0000-000000000000", hash: ArchiveFixture.hash("f"))
        placeless.location = nil
        try store.insert(placeless)
        XCTAssertNil(try store.entry(idPrefix: placeless.id).locationSource)
        XCTAssertNil(EntryOutput(placeless).locationSource)
    }

    func testAnExportKeepsTheSourceAndAnOldExportWithoutItReadsAsEXIF() throws {
        var archive = ArchiveFixture.archive()
        archive.items[0].entry.locationSource = LocationSource.sidecar.rawValue
        var old = ArchiveFixture.setting(try ArchiveFixture.object(archive), item: 1, "location_source", to: nil)
        old = ArchiveFixture.setting(old, item: 0, "location_source", to: "sidecar")
        let folder = try TemporaryFolder.make("daybook-location-import")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try JournalStore(library: Library(root: folder))
        XCTAssertEqual(try store.importArchive(try JournalArchive.decodeAndValidate(try ArchiveFixture.data(old))), 2)
        XCTAssertEqual(try store.entry(idPrefix: "aaaa0001").locationSource, .sidecar)
        XCTAssertEqual(try store.entry(idPrefix: "bbbb0002").locationSource, .exif, "places before XMP all came from EXIF")
    }

    func testAnUnknownSourceOrOneWithoutAPlaceIsRefused() throws {
        let unknown = ArchiveFixture.setting(try ArchiveFixture.object(), item: 0, "location_source", to: "gps")
        XCTAssertEqual(
            try refusal(unknown), "\(first): entry.location_source: \"gps\" is not one of exif, xmp, sidecar, quicktime, user")
        var placeless = ArchiveFixture.setting(try ArchiveFixture.object(), item: 0, "latitude", to: nil)
        placeless = ArchiveFixture.setting(placeless, item: 0, "longitude", to: nil)
        placeless = ArchiveFixture.setting(placeless, item: 0, "location_source", to: "xmp")
        XCTAssertEqual(try refusal(placeless), "\(first): entry.location_source: comes with latitude and longitude")
    }

    func refusal(_ object: [String: Any]) throws -> String {
        do {
            _ = try JournalArchive.decodeAndValidate(try ArchiveFixture.data(object))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }
}

/// The library of commit 4686f56 after the v6 migration.
extension OldLibraryTests {
    func testOldPlacesComeFromEXIFAndNoOldEntryWasReadWithASidecar() throws {
        let store = try JournalStore(library: try copyOfOldLibrary())
        let entries = try store.entries()
        XCTAssertTrue(entries.contains { $0.location != nil } && entries.contains { $0.location == nil })
        for entry in entries {
            XCTAssertEqual(entry.locationSource, entry.location == nil ? nil : .exif, entry.id)
            XCTAssertNil(try store.sidecarVersion(entryID: entry.id), entry.id)
        }
    }
}
