import DaybookTestSupport
import Foundation
import XCTest

/// Runs the real `daybook` executable: exit codes, output streams, JSON.
final class CLITests: XCTestCase, DaybookCommandLineTest {
    static let repository = Repository.root
    static let samples = Repository.sampleSquares

    typealias Run = DaybookProcess.Run

    let library = TemporaryFolder.unusedPath("daybook-cli")

    func testIngestSummaryIdempotenceAndExitZero() throws {
        let first = try daybook("ingest", Self.samples.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "10 new, 0 already in the journal, 0 failed, 1 skipped (1 other)\n")
        XCTAssertEqual(first.stderr, "", "no progress line when standard error is not a terminal")
        let second = try daybook("ingest", Self.samples.path)
        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.stdout.hasPrefix("0 new, 10 already in the journal, 0 failed"), second.stdout)
    }

    func testFailuresExitOneWithOneLinePerFileAndTheRestStored() throws {
        let folder = try TemporaryFolder.make("daybook-cli-photos")
        try FileManager.default.copyItem(
            at: Self.samples.appendingPathComponent("01-paris-2019-07.jpg"),
            to: folder.appendingPathComponent("paris.jpg"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: folder.appendingPathComponent("fake.jpg"))
        try Data("<html>404</html>".utf8).write(to: folder.appendingPathComponent("download.jpg"))

        let run = try daybook("ingest", folder.path)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "1 new, 0 already in the journal, 2 failed\n")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, run.stderr)
        XCTAssertTrue(
            lines.contains("daybook: error: \(folder.path)/fake.jpg: truncated PNG file (it ends at byte 8; libspng: end of stream)"),
            run.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("daybook: error: \(folder.path)/download.jpg: not a JPEG") }, run.stderr)
    }

    func testUsageErrorsExitTwo() throws {
        for arguments in [
            ["ingest"], ["ingest", "--jobs", "0", "x"], ["ingest", "--no-such-flag", "x"], ["frobnicate"],
            ["ingest", "--thumbnail-size", "big", "x"],
        ] {
            let process = Process()
            process.executableURL = DaybookProcess.executable
            process.arguments = arguments
            process.standardOutput = Pipe()
            let err = Pipe()
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 2, "\(arguments): \(message)")
            XCTAssertFalse(message.isEmpty, "\(arguments) must explain itself")
        }
        let help = try daybook("ingest", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--thumbnail-size"), help.stdout)
    }

    func testJSONListsCreatedEntries() throws {
        let run = try daybook("ingest", "--json", Self.samples.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["new"] as? Int, 10)
        let created = try XCTUnwrap(object["created"] as? [[String: Any]])
        XCTAssertEqual(created.count, 10)
        let paris = try XCTUnwrap(created.first { ($0["source_path"] as? String)?.hasSuffix("01-paris-2019-07.jpg") == true })
        XCTAssertEqual(paris["captured_local"] as? String, "2019-07-14T10:30:00")
        XCTAssertEqual(paris["utc_offset_seconds"] as? Int, 7200)
        XCTAssertEqual(paris["thumbnail_width"] as? Int, 400)

        let again = try daybook("ingest", "--json", Self.samples.path)
        let second = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((second["created"] as? [Any])?.count, 0)
        XCTAssertEqual(second["already_in_journal"] as? Int, 10)
    }

    func testListSectionsByMonthNewestFirstAndShowByPrefix() throws {
        let empty = try daybook("list")
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("no journal at"), empty.stderr)

        _ = try daybook("ingest", Self.samples.path)
        let list = try daybook("list")
        XCTAssertEqual(list.status, 0, list.stderr)
        let sections = list.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map(String.init)
        XCTAssertEqual(
            sections,
            [
                "August 2023", "February 2023", "June 2022", "December 2021", "March 2021",
                "January 2020", "July 2019", "May 2018", "September 2017", "Undated",
            ])
        XCTAssertTrue(list.stdout.contains("Sun 14 Jul 2019 10:30  Paris, France"), list.stdout)
        XCTAssertTrue(list.stdout.contains("Fri 24 Dec 2021 21:00  Sydney, Australia"), list.stdout)

        let json = try daybook("list", "--json")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let rio = try XCTUnwrap(entries.first { ($0["source_path"] as? String)?.hasSuffix("02-rio-2020-01.jpg") == true })
        let id = try XCTUnwrap(rio["id"] as? String)

        let show = try daybook("show", String(id.prefix(6)))
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("2020-01-05 08:15:30 -03:00 (offset from GPS time stamp)"), show.stdout)
        XCTAssertTrue(show.stdout.contains("(-22.951916, -43.210487)"), show.stdout)

        let unknown = try daybook("show", "ffffffff")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "daybook: error: no entry with id ffffffff\n")
    }

    func testLibraryOptionOverridesEnvironment() throws {
        let explicit = TemporaryFolder.unusedPath("daybook-explicit")
        let run = try daybook("ingest", "--library", explicit.path, Self.samples.appendingPathComponent("08-no-exif.jpg").path)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: explicit.appendingPathComponent("journal.sqlite").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path))
    }

    func testCommonOptionsAlsoComeBeforeTheCommand() throws {
        let explicit = TemporaryFolder.unusedPath("daybook-leading")
        let ingest = try daybook("--library", explicit.path, "ingest", Self.samples.appendingPathComponent("08-no-exif.jpg").path)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: explicit.appendingPathComponent("journal.sqlite").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "the leading --library wins over the environment")

        let list = try daybook("--json", "--library=\(explicit.path)", "list")
        XCTAssertEqual(list.status, 0, list.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], list.stdout)
        XCTAssertEqual(rows.count, 1)

        let unknown = try daybook("--libary", explicit.path, "list")
        XCTAssertEqual(unknown.status, 2, "a misspelt leading option is still a usage error")
        XCTAssertEqual(try daybook("--library", explicit.path, "help", "list").status, 0)
    }

    func testTagEditsAndTagCountsAndRetag() throws {
        _ = try daybook("ingest", Self.samples.path)
        let json = try daybook("list", "--json")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let paris = try XCTUnwrap(
            entries.first { ($0["source_path"] as? String)?.hasSuffix("01-paris-2019-07.jpg") == true }?["id"] as? String)

        let tagged = try daybook("tag", String(paris.prefix(8)), "--add", "Summer Trip", "--remove", "blue", "--json")
        XCTAssertEqual(tagged.status, 0, tagged.stderr)
        let tags = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(tagged.stdout.utf8)) as? [[String: Any]])
        XCTAssertTrue(tags.contains { $0["name"] as? String == "summer-trip" && $0["source"] as? String == "user" })
        XCTAssertFalse(tags.contains { $0["name"] as? String == "blue" })

        let retag = try daybook("retag")
        XCTAssertEqual(retag.status, 0, retag.stderr)
        XCTAssertEqual(retag.stdout, "10 retagged (10 from photos, 0 from thumbnails), 0 without pixels, 0 failed\n")
        let show = try daybook("show", String(paris.prefix(8)), "--json")
        let shown = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let names = (shown["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        XCTAssertTrue(names.contains("summer-trip"), "\(names)")
        XCTAssertFalse(names.contains("blue"), "a removed auto tag stays removed after retag: \(names)")

        let counts = try daybook("tags")
        XCTAssertTrue(counts.stdout.contains("summer-trip"), counts.stdout)
        let rules = try daybook("tags", "--rules")
        XCTAssertTrue(rules.stdout.contains("| `sunset` | scene |"), rules.stdout)

        XCTAssertEqual(try daybook("tag", String(paris.prefix(8)), "--add", "no/slashes").status, 2)
        XCTAssertEqual(try daybook("tag", String(paris.prefix(8))).status, 2, "nothing to do is a usage error")
        XCTAssertEqual(try daybook("tag", "ffffffff", "--add", "x").status, 1)
    }

    /// `--weather file:` gives exact weather on the sample entries, and fixes floating times
    /// with the place's zone (New York in March 2021 had just switched to EDT).
    func testIngestWithWeatherFileGivesExactWeather() throws {
        let weatherFile = Self.repository.appendingPathComponent("docs/sample-weather.csv").path
        let run = try daybook("ingest", "--weather", "file:\(weatherFile)", Self.samples.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasSuffix("weather: 6 filled, 0 pending, 0 refused (6 requests, 0 from cache)\n"), run.stdout)

        let list = try JSONSerialization.jsonObject(with: Data(try daybook("list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        func details(_ name: String) throws -> [String: Any] {
            let id = try XCTUnwrap(list.first { ($0["source_path"] as? String)?.contains(name) == true }?["id"] as? String)
            return try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(try daybook("show", "--json", id).stdout.utf8)) as? [String: Any])
        }
        let expected: [(String, String, Double, String, Int)] = [
            ("paris", "2019-07-14T08:00:00Z", 21.4, "Mainly clear", 7200),
            ("rio", "2020-01-05T11:00:00Z", 28.3, "Overcast", -10_800),
            ("newyork", "2021-03-20T22:45:00Z", 9.8, "Mainly clear", -14_400),
            ("sydney", "2021-12-24T10:00:00Z", 21.7, "Moderate rain", 39_600),
            ("deadsea", "2022-06-30T11:00:00Z", 40.2, "Clear sky", 10_800),
            ("mumbai", "2023-08-15T00:00:00Z", 27.4, "Moderate rain", 19_800),
        ]
        for (name, observed, temperature, text, offset) in expected {
            let entry = try details(name)
            let weather = try XCTUnwrap(entry["weather"] as? [String: Any], name)
            XCTAssertEqual(weather["observed_at"] as? String, observed, name)
            XCTAssertEqual(weather["temperature_c"] as? Double, temperature, name)
            XCTAssertEqual(weather["weather_text"] as? String, text, name)
            XCTAssertEqual(weather["provider"] as? String, "file", name)
            XCTAssertEqual(entry["utc_offset_seconds"] as? Int, offset, name)
        }
        XCTAssertEqual(try details("newyork")["offset_source"] as? String, "place-timezone")
        XCTAssertEqual(try details("sydney")["offset_source"] as? String, "place-timezone")
        XCTAssertEqual(try details("paris")["offset_source"] as? String, "exif-offset", "a photo's own offset is never replaced")
        XCTAssertEqual(try details("no-exif")["weather_status"] as? String, "unavailable")

        // The provider is remembered: a back-fill later needs no --weather.
        let backfill = try daybook("backfill-weather", "--dry-run", environment: ["DAYBOOK_WEATHER": "open-meteo"])
        XCTAssertTrue(backfill.stdout.hasPrefix("provider: file:"), backfill.stdout)
    }

    /// No network: the archive's address is a port on 127.0.0.1 where nothing listens, so
    /// the connection is refused as an unreachable host's would be. One line says so; the
    /// entries stay pending for a later back-fill.
    func testIngestWithoutNetworkSaysSoInOneLineAndLeavesWeatherPending() throws {
        let run = try daybook("ingest", "--weather", "open-meteo:http://127.0.0.1:1", Self.samples.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "10 new, 0 already in the journal, 0 failed, 1 skipped (1 other)\n")
        XCTAssertEqual(
            run.stderr,
            "daybook: note: no network (cannot reach 127.0.0.1): weather for 6 entries is pending; "
                + "run `daybook backfill-weather` later\n")
        let list = try JSONSerialization.jsonObject(with: Data(try daybook("list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        XCTAssertEqual(list.filter { $0["weather_status"] as? String == "pending" }.count, 6)
    }

    func entryID(_ name: String) throws -> String {
        let list = try JSONSerialization.jsonObject(with: Data(try daybook("list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        return try XCTUnwrap(list.first { ($0["source_path"] as? String)?.contains(name) == true }?["id"] as? String, name)
    }

    func testEditThenSearchOnThisDayAndDelete() throws {
        _ = try daybook("ingest", Self.samples.path)
        let paris = try entryID("paris")
        let edit = try daybook("edit", String(paris.prefix(6)), "--text", "Café crème at the Tour Eiffel", "--add-tag", "holiday")
        XCTAssertEqual(edit.status, 0, edit.stderr)

        let found = try daybook("search", "CAFE", "--tag", "holiday", "--json")
        let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(results.map { $0["id"] as? String }, [paris])
        XCTAssertEqual(try daybook("search", "tour", "--month", "2019-07").stdout.contains("Café crème"), true)
        let none = try daybook("search", "tour", "--month", "2019-08")
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stderr, "daybook: no entries match\n")

        let near = try daybook("search", "--near", "48.8606,2.3376", "--radius", "5km")
        XCTAssertTrue(near.stdout.contains(String(paris.prefix(8))), near.stdout)
        XCTAssertTrue(near.stdout.contains(" km"), "distance shown: \(near.stdout)")
        XCTAssertEqual(try daybook("search", "--near", "0,0", "--radius", "far").status, 2)

        let onThisDay = try daybook("on-this-day", "--date", "07-14", "--year", "2026")
        XCTAssertTrue(onThisDay.stdout.hasPrefix("2019 — 7 years ago\n"), onThisDay.stdout)

        let refused = try daybook("delete", String(paris.prefix(6)))
        XCTAssertEqual(refused.status, 2, "no terminal to confirm on, and no --yes")
        let deleted = try daybook("delete", "--yes", String(paris.prefix(6)))
        XCTAssertEqual(deleted.stdout, "deleted 1 entry\n")
        XCTAssertEqual(try daybook("show", paris).status, 1)
        XCTAssertEqual(try daybook("search", "cafe").stderr, "daybook: no entries match\n")
    }

    func testExportImportRoundTripLosesNothing() throws {
        let weatherFile = Self.repository.appendingPathComponent("docs/sample-weather.csv").path
        _ = try daybook("ingest", "--weather", "file:\(weatherFile)", Self.samples.path)
        let rio = try entryID("rio")
        _ = try daybook("edit", rio, "--text", "Cristo Redentor\nin the rain", "--add-tag", "trip", "--remove-tag", "green")
        let folder = try TemporaryFolder.make("daybook-export")
        let first = folder.appendingPathComponent("first.json").path
        XCTAssertEqual(try daybook("export", "json", first).status, 0)

        let other = folder.appendingPathComponent("library").path
        let imported = try daybook("import", first, environment: ["DAYBOOK_LIBRARY": other])
        XCTAssertEqual(imported.stdout, "imported 10 entries\n", imported.stderr)
        XCTAssertEqual(try daybook("import", first, environment: ["DAYBOOK_LIBRARY": other]).status, 1, "only into an empty library")
        let second = folder.appendingPathComponent("second.json").path
        XCTAssertEqual(try daybook("export", "json", second, environment: ["DAYBOOK_LIBRARY": other]).status, 0)

        func archive(_ path: String) throws -> [String: Any] {
            var object = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            object["exported_at"] = nil
            return object
        }
        XCTAssertEqual(NSDictionary(dictionary: try archive(first)), NSDictionary(dictionary: try archive(second)))
        let items = try XCTUnwrap(try archive(first)["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 10)
        XCTAssertEqual(items.filter { $0["thumbnail"] is String }.count, 10, "thumbnails travel too")
        let show = try daybook("show", rio, environment: ["DAYBOOK_LIBRARY": other])
        XCTAssertTrue(show.stdout.contains("Cristo Redentor"), show.stdout)
        XCTAssertTrue(show.stdout.contains("28.3 °C"), show.stdout)

        let markdown = folder.appendingPathComponent("md")
        XCTAssertEqual(try daybook("export", "markdown", markdown.path).status, 0)
        let january = try String(contentsOf: markdown.appendingPathComponent("2020-01.md"), encoding: .utf8)
        XCTAssertTrue(january.contains("Cristo Redentor"), january)
        let link = try XCTUnwrap(january.split(separator: "\n").first { $0.hasPrefix("![") })
        let linked = String(link.split(separator: "(").last!.dropLast())
        XCTAssertTrue(FileManager.default.fileExists(atPath: markdown.appendingPathComponent(linked).path), "thumbnail link resolves")

        let geojson = try daybook("export", "geojson", "-")
        let collection = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(geojson.stdout.utf8)) as? [String: Any])
        let features = try XCTUnwrap(collection["features"] as? [[String: Any]])
        XCTAssertEqual(features.count, 6, "the six photos with a place")
        let rioFeature = try XCTUnwrap(features.first { ($0["properties"] as? [String: Any])?["id"] as? String == rio })
        let coordinates = try XCTUnwrap((rioFeature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        XCTAssertEqual(coordinates[0], -43.210487, accuracy: 1e-6)
        XCTAssertEqual(coordinates[1], -22.951916, accuracy: 1e-6)
    }

    func testAmbiguousPrefixListsTheCandidates() throws {
        let folder = try TemporaryFolder.make("daybook-ambiguous")
        func item(_ id: String) -> String {
            """
            {"entry": {"id": "\(id)", "content_hash": "\(String(repeating: String(id.prefix(8)), count: 8))", "source_path": "/p/\(id).jpg", "file_size": 1, "orientation": 1,
             "text": "", "weather_status": "unavailable", "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"},
             "tags": [], "removed_tags": []}
            """
        }
        let file = folder.appendingPathComponent("two.json")
        try Data(
            "{\"format\": 1, \"exported_at\": \"2026-01-01T00:00:00Z\", \"items\": [\(item("abcd1111-0000-0000-0000-000000000000")), \(item("abcd2222-0000-0000-0000-000000000000"))]}"
                .utf8
        ).write(to: file)
        XCTAssertEqual(try daybook("import", file.path).status, 0)
        let show = try daybook("show", "abcd")
        XCTAssertEqual(show.status, 1)
        XCTAssertEqual(
            show.stderr,
            "daybook: error: id prefix abcd is ambiguous: abcd1111-0000-0000-0000-000000000000, abcd2222-0000-0000-0000-000000000000\n")
        XCTAssertEqual(try daybook("show", "abcd2").status, 0)
    }

    func testEditorEditsTheTextLikeGit() throws {
        _ = try daybook("ingest", Self.samples.path)
        let sydney = try entryID("sydney")
        _ = try daybook("edit", sydney, "--text", "old words on the harbour")
        // EDITOR may carry arguments, as with git.
        let edited = try daybook("edit", sydney, "--editor", environment: ["EDITOR": "sed -i s/old/new/", "VISUAL": ""])
        XCTAssertEqual(edited.status, 0, edited.stderr)
        let show = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try daybook("show", "--json", sydney).stdout.utf8)) as? [String: Any])
        XCTAssertEqual(show["text"] as? String, "new words on the harbour")
        XCTAssertNotEqual(show["updated_at"] as? String, nil)
        let failing = try daybook("edit", sydney, "--editor", environment: ["EDITOR": "false", "VISUAL": ""])
        XCTAssertEqual(failing.status, 1, "an editor that fails changes nothing")
        XCTAssertTrue(failing.stderr.contains("nothing changed"), failing.stderr)
    }
}
