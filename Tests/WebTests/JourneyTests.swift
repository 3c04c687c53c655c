import DaybookTestSupport
import Foundation
import XCTest

/// Every part passing its own tests does not make a new user's mixed folder (iPhone HEIC, HEIF,
/// camera JPEGs with GPS, turned JPEGs, a sidecar) work where the parts meet: HEIC pictures,
/// place names. This walks that path whole, with the real `daybook` binary and a
/// real browser: ingest, serve, every page a user opens, then `watch` beside the running
/// server. Every picture must load at its photo's shape, every place must be named, and the
/// browser must see no console message and no failed request. Expected values come from
/// Tests/Fixtures/journey/folder.json (found outside Daybook), not from the pages themselves.
/// The folder also holds a video that must play in the browser, a motion photo, and a Live Photo whose
/// movie reaches the watched folder before its photo (JourneyMediaChecks.swift).
final class JourneyTests: XCTestCase {
    func testAMixedFolderIngestedServedAndWatchedShowsEveryPictureAndPlace() throws {
        let chromium = try Chromium.required()
        let root = try temporaryFolder("daybook-journey")
        let folder = try JourneyFolder.load()
        let corpus = try folder.corpusDisplaySizes()
        for photo in folder.ingested where photo.source.hasPrefix("Tests/Fixtures/corpus/") {
            XCTAssertEqual(
                corpus[photo.source], [photo.displayWidth, photo.displayHeight],
                "folder.json agrees with corpus/truth.json on \(photo.name)")
        }
        let videos = try folder.videoTruth()
        // A damaged movie's length is ffprobe's reading of it, in folder.json itself.
        for photo in folder.ingested where photo.video != nil && photo.noPicture == nil {
            let truth = try XCTUnwrap(videos[photo.source], "\(photo.source) is in videos/truth.json")
            XCTAssertEqual(truth.size, [photo.displayWidth, photo.displayHeight], "folder.json agrees with ffprobe on \(photo.name)")
            XCTAssertEqual(truth.duration, photo.video?.durationSeconds, "folder.json agrees with ffprobe on \(photo.name)")
        }
        let photos = root.appendingPathComponent("photos")
        let library = root.appendingPathComponent("library")
        try folder.copy(into: photos)

        let ingest = try DaybookProcess.run(["ingest", photos.path, "--library", library.path, "--json"], library: library)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let summary = try JSONSerialization.jsonObject(with: Data(ingest.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(summary?["new"] as? Int, folder.ingested.count, ingest.stdout)
        XCTAssertEqual(summary?["failed"] as? Int, 0, ingest.stderr)
        XCTAssertEqual(summary?["sidecars"] as? Int, folder.sidecars.count, ingest.stdout)
        XCTAssertEqual(summary?["new_videos"] as? Int, folder.ingested.filter { $0.video != nil }.count, ingest.stdout)
        // A RAW read before its JPEG waits for it (reported skipped), one read after joins it:
        // either way no RAW is an entry, and nothing else is skipped.
        let skipped = (summary?["skipped_files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        XCTAssertTrue(
            Set(skipped.map { URL(fileURLWithPath: $0).lastPathComponent }).isSubset(of: folder.raws.map(\.name)), ingest.stdout)
        let journal = try JourneyJournal(listed: try DaybookProcess.list(library: library), photos: folder.ingested)

        let serve = try DaybookChild(["serve", "--library", library.path, "--port", "0"], log: root.appendingPathComponent("serve.log"))
        addTeardownBlock { serve.stop() }
        let served = try XCTUnwrap(serve.waitForLog(#/serving .* at (http://127\.0\.0\.1:\d+)//#, timeout: 60), serve.log)
        let browser = try JourneyBrowser(chromium: chromium, profile: root.appendingPathComponent("chromium-profile"))
        addTeardownBlock { browser.close() }
        let pages = JourneyPages(browser: browser, base: String(served))

        try pages.checkTiles(at: "/", expecting: journal.entries, journal)
        for entry in journal.entries { try pages.checkEntryPage(entry, journal) }
        try pages.checkTiles(at: "/search?q=Arezzo", expecting: journal.entries { $0.photo.town == "Arezzo" }, journal)
        try pages.checkTiles(at: "/search?q=etretat", expecting: journal.entries { $0.photo.town == "Étretat" }, journal)
        try pages.checkTiles(at: "/search?q=paris", expecting: journal.entries { $0.photo.town == "Paris" }, journal)
        try pages.checkTiles(at: "/on-this-day?date=10-22", expecting: journal.entries { $0.photo.name.hasPrefix("DSCN") }, journal)
        try pages.checkMap(journal)

        // The same library, now fed by `watch` while the server keeps running: a HEIC that
        // arrives slowly, in closed rounds, as over a network share.
        let inbox = root.appendingPathComponent("import")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let watch = try DaybookChild(["watch", inbox.path, "--library", library.path], log: root.appendingPathComponent("watch.log"))
        addTeardownBlock { watch.stop() }
        XCTAssertNotNil(watch.waitForLog(#/notice: (watching)/#, timeout: 60), watch.log)
        try writeSlowly(folder.watched.url, to: inbox.appendingPathComponent(folder.watched.name), rounds: 4, pause: 0.4)
        try pages.waitForEntry(named: folder.watched.name, timeout: 60, log: watch.log)
        let watched = try JourneyJournal(
            listed: try DaybookProcess.list(library: library), photos: folder.ingested + [folder.watched])
        let arrived = watched.entries { $0.photo.name == folder.watched.name }
        XCTAssertEqual(arrived.count, 1, "one entry for the photo written in rounds\n\(watch.log)")
        // A photo still arriving is waited for, not reported: the log a user reads is one line.
        let lines = watch.log.split(separator: "\n").filter { $0.contains(folder.watched.name) }
        XCTAssertEqual(lines.count, 1, "the watch log for \(folder.watched.name)\n\(watch.log)")
        XCTAssertTrue(lines.allSatisfy { $0.contains(" info: ingested ") }, "the watch log for \(folder.watched.name)\n\(watch.log)")
        try pages.checkTiles(at: "/", expecting: watched.entries, watched)
        for entry in arrived { try pages.checkEntryPage(entry, watched) }
        try pages.checkLivePhotoArrivingMovieFirst(folder, inbox: inbox, watch: watch, library: library, in: root)
        try pages.checkWrittenEntry(library: library, in: root)
        try pages.checkUploadedEntry(library: library, in: root)
        XCTAssertEqual(watch.stop(), 0, watch.log)
        XCTAssertEqual(serve.stop(), 0, serve.log)
    }
}

/// The journal as `daybook list --json` has it, each entry beside the photo it came from.
struct JourneyJournal {
    struct Entry {
        let listed: ListedEntry
        let photo: JourneyPhoto
    }

    let entries: [Entry]
    let byHash: [String: Entry]

    init(listed: [ListedEntry], photos: [JourneyPhoto]) throws {
        var entries: [Entry] = []
        for item in listed {
            let photo = try XCTUnwrap(photos.first { $0.name == item.fileName }, "an entry from a file not in the folder: \(item.fileName)")
            entries.append(Entry(listed: item, photo: photo))
            // Daybook's naming against the town found by hand: the pages are then held to both.
            XCTAssertEqual(item.town, photo.town, "daybook list --json names \(photo.name)'s place")
            XCTAssertEqual(item.media, photo.video == nil ? "photo" : "video", "daybook list --json gives \(photo.name)'s media")
            XCTAssertEqual(item.durationSeconds, photo.video?.durationSeconds, "daybook list --json gives \(photo.name)'s length")
            // A Live Photo's movie is a file of the entry, which only show --json and export have.
            if photo.motion != "live-photo" {
                XCTAssertEqual(item.motionSource, photo.motion, "daybook list --json gives \(photo.name)'s motion")
            }
        }
        XCTAssertEqual(Set(entries.map(\.photo.name)), Set(photos.map(\.name)), "every photo is one entry")
        self.entries = entries
        byHash = Dictionary(entries.map { ($0.listed.hash, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func entries(_ included: (Entry) -> Bool) -> [Entry] { entries.filter(included) }
}

/// The pages of a running `daybook serve`, opened in the browser and held to the journal.
struct JourneyPages {
    let browser: JourneyBrowser
    let base: String

    /// A page of tiles (timeline, search, on this day): exactly `expected`, each with its
    /// picture loaded and its place named.
    func checkTiles(at path: String, expecting expected: [JourneyJournal.Entry], _ journal: JourneyJournal) throws {
        try browser.open(base + path)
        try checkImages(try loadImages("li.tile img"), on: path, journal)
        let tiles = try XCTUnwrap(try browser.evaluate(JourneyScripts.tiles) as? [[String: String]], path)
        XCTAssertEqual(Set(tiles.compactMap { $0["id"] }), Set(expected.map(\.listed.id)), "\(path): the tiles")
        for tile in tiles {
            guard let entry = journal.entries.first(where: { $0.listed.id == tile["id"] }) else { continue }
            checkPlace(tile["place"] ?? "", of: entry, on: "\(path) tile of \(entry.photo.name)")
            if entry.listed.hasThumbnail { XCTAssertNotEqual(tile["image"], "", "\(path): \(entry.photo.name)'s tile has a picture") }
            XCTAssertEqual(tile["badge"], entry.photo.video.map(Self.videoBadge) ?? "", "\(path): \(entry.photo.name)'s tile badge")
        }
        XCTAssertEqual(try browser.takeProblems(), [], "\(path): what the browser saw go wrong")
    }

    func checkEntryPage(_ entry: JourneyJournal.Entry, _ journal: JourneyJournal) throws {
        let path = "/entries/\(entry.listed.id)"
        let name = "\(path) (\(entry.photo.name))"
        try browser.open(base + path)
        if let said = entry.photo.noPicture {
            try checkNoPicture(said, on: name)
        } else if let video = entry.photo.video {
            try checkVideo(video, of: entry, on: name)
        } else {
            let preview = try loadImages("figure.preview img")
            XCTAssertEqual(preview.count, 1, "\(name): the preview")
        }
        try checkImages(try loadImages("img"), on: name, journal)
        checkPlace(try browser.evaluate(JourneyScripts.entryPlace) as? String ?? "", of: entry, on: name)
        let original = try browser.evaluate(JourneyScripts.originalAnswer) as? String ?? ""
        // A video's first link is its download: the same file, by another name.
        let types = entry.photo.video.map { [$0.type] } ?? Self.originalTypes(of: entry.photo.name)
        XCTAssertTrue(types.map { "200 \($0)" }.contains(original), "\(name): the Original file link answers \(original)")
        try checkFormatFacts(entry, on: name)
        XCTAssertEqual(try browser.takeProblems(), [], "\(name): what the browser saw go wrong")
    }

    /// The map places every entry with a place; each marker opens the thumbnails under it.
    func checkMap(_ journal: JourneyJournal) throws {
        try browser.open(base + "/map")
        let placed = journal.entries { $0.listed.town != nil }
        var count = ""
        let deadline = Date().addingTimeInterval(30)
        while count.isEmpty && Date() < deadline {
            count = try browser.evaluate("document.getElementById('map')?.dataset.count ?? ''") as? String ?? ""
            if count.isEmpty { usleep(50_000) }
        }
        XCTAssertEqual(count, String(placed.count), "/map: markers for every entry with a place")
        let images = try XCTUnwrap(try browser.evaluate(JourneyScripts.markerThumbnails) as? [[String: Any]])
        try checkImages(images, on: "/map", journal)
        let shown = Set(images.compactMap { Self.hash(in: $0["src"] as? String ?? "") })
        XCTAssertEqual(shown, Set(placed.filter(\.listed.hasThumbnail).map(\.listed.hash)), "/map: every marker's thumbnails")
        XCTAssertEqual(try browser.takeProblems(), [], "/map: what the browser saw go wrong")
    }

    /// Polls the JSON API from the page until the watched photo is an entry with a thumbnail.
    func waitForEntry(named name: String, timeout: TimeInterval, log: @autoclosure () -> String) throws {
        try waitFor(JourneyScripts.hasThumbnail(name), timeout: timeout, "\(name) is not in the journal with a thumbnail", log: log())
    }

    /// Polls `script` (a JavaScript condition, which fetches /api/entries) until it is true,
    /// on the tags page: it shows no pictures. On the timeline, a tile of an entry that the
    /// wait sees go (a Live Photo's movie, taken into its photo's entry) would load its removed
    /// thumbnail late, a 404 that is the wait's, not the checked page's.
    func waitFor(_ script: String, timeout: TimeInterval, _ failure: String, log: @autoclosure () -> String) throws {
        try browser.open(base + "/tags")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try browser.evaluate(script) as? Bool == true { return }
            usleep(100_000)
        }
        XCTFail("\(failure) after \(timeout) s\n\(log())")
    }

    private func loadImages(_ selector: String) throws -> [[String: Any]] {
        try XCTUnwrap(try browser.evaluate(JourneyScripts.loadImages(selector)) as? [[String: Any]], selector)
    }

    /// Each image loaded, and one of an entry's shows that photo's shape after orientation.
    private func checkImages(_ images: [[String: Any]], on page: String, _ journal: JourneyJournal) throws {
        for image in images {
            let src = image["src"] as? String ?? ""
            let width = image["width"] as? Int ?? 0
            let height = image["height"] as? Int ?? 0
            guard image["complete"] as? Bool == true, width > 0, height > 0 else {
                XCTFail("\(page): <img src=\"\(src)\"> did not load (complete \(image["complete"] ?? "?"), naturalWidth \(width))")
                continue
            }
            guard let hash = Self.hash(in: src), let entry = journal.byHash[hash] else { continue }
            let shape = Double(width) / Double(height)
            XCTAssertEqual(
                shape / entry.photo.aspect, 1, accuracy: 0.02,
                "\(page): \(entry.photo.name) shown \(width)x\(height), the photo is \(entry.photo.displayWidth)x\(entry.photo.displayHeight)"
            )
        }
    }

    /// The name `daybook list --json` gives, and the town found by hand.
    private func checkPlace(_ shown: String, of entry: JourneyJournal.Entry, on page: String) {
        for town in Set([entry.listed.town, entry.photo.town].compactMap { $0 }) {
            XCTAssertTrue(shown.contains(town), "\(page): the place shows \"\(shown)\", not \(town)")
        }
    }

    static func hash(in src: String) -> String? {
        src.firstMatch(of: /[0-9a-f]{64}/).map { String($0.output) }
    }
}
