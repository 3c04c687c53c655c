import DaybookPresentation
import DaybookTestSupport
import Foundation
import XCTest

/// The moving formats on the journey. A video's page plays it in the browser, its
/// poster at the video's shown shape; a Live Photo whose movie reaches the watched folder
/// before its photo still ends as the photo's one entry, the movie its motion.
extension JourneyPages {
    /// The tile's badge for a video of this length, as a user reads it ("▶ 0:02").
    static func videoBadge(_ video: JourneyVideo) -> String {
        "▶ \(DurationText.clock(video.durationSeconds))"
    }

    /// A file Daybook made no picture of says why where the picture would be, and the page
    /// fetches nothing that can only fail: no preview, no player, no rendition.
    func checkNoPicture(_ said: String, on page: String) throws {
        let shown =
            try browser.evaluate(
                "[document.querySelector('figure.preview .noimage')?.firstChild?.textContent ?? '', "
                    + "document.querySelectorAll('figure.preview img, figure.preview video, a[href*=\"as=jpeg\"]').length]") as? [Any]
        XCTAssertEqual(shown?.first as? String, said, "\(page): the placeholder")
        XCTAssertEqual(shown?.last as? Int, 0, "\(page): nothing to fetch that cannot be made")
    }

    /// The poster loads at the video's shape; the `<video>` plays muted (as headless Chromium
    /// allows without a gesture) and its `currentTime` passes 0.5 s; the length Chromium reads
    /// is ffprobe's; the download link says what it gives.
    func checkVideo(_ video: JourneyVideo, of entry: JourneyJournal.Entry, on page: String) throws {
        let player = try XCTUnwrap(try browser.evaluate(JourneyScripts.playVideo) as? [String: Any], "\(page): the <video>")
        let width = player["posterWidth"] as? Int ?? 0
        let height = player["posterHeight"] as? Int ?? 0
        let poster = player["poster"] as? String ?? ""
        XCTAssertEqual(Self.hash(in: poster), entry.listed.hash, "\(page): the poster is the entry's thumbnail, not \(poster)")
        if width > 0, height > 0 {
            XCTAssertEqual(
                Double(width) / Double(height) / entry.photo.aspect, 1, accuracy: 0.02,
                "\(page): the poster shown \(width)x\(height), the video is \(entry.photo.displayWidth)x\(entry.photo.displayHeight)")
        } else {
            XCTFail("\(page): the poster \(poster) does not load")
        }
        let played = player["currentTime"] as? Double ?? 0
        let state = "play \(player["play"] ?? "?"), media error \(player["error"] ?? "?")"
        XCTAssertGreaterThan(played, 0.5, "\(page): currentTime advances (\(state))")
        XCTAssertEqual(player["duration"] as? Double ?? 0, video.durationSeconds, accuracy: 0.1, "\(page): the length Chromium reads")
        XCTAssertEqual(player["noticeHidden"] as? Bool, true, "\(page): a playable video shows no notice")
        let download = player["download"] as? String ?? ""
        XCTAssertTrue(
            download.hasPrefix("Download the video") && download.contains(Self.videoBadge(video).dropFirst(2)),
            "\(page): the download link says \"\(download)\"")
    }

    /// `watch` is given the movie of a Live Photo, handles it alone (an entry of its own or a
    /// wait, either is fine), and seconds later the photo: the end state is the photo's one
    /// entry with the movie as its `live-photo-video`, no entry for the movie, and watch's log
    /// with nothing but what it ingested.
    func checkLivePhotoArrivingMovieFirst(_ folder: JourneyFolder, inbox: URL, watch: DaybookChild, library: URL, in root: URL)
        throws
    {
        let live = folder.watchedLive
        try FileManager.default.copyItem(at: live.movie.url, to: inbox.appendingPathComponent(live.movie.name))
        let deadline = Date().addingTimeInterval(60)
        while !watch.log.contains(live.movie.name) && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(watch.log.contains(live.movie.name), "watch handles \(live.movie.name) alone\n\(watch.log)")
        Thread.sleep(forTimeInterval: 2)  // the photo comes seconds later, as from a slow phone sync
        try FileManager.default.copyItem(at: live.photo.url, to: inbox.appendingPathComponent(live.photo.name))
        try waitFor(
            JourneyScripts.pairArrived(photo: live.photo.name, movie: live.movie.name), timeout: 60,
            "\(live.photo.name) is not an entry with a thumbnail, or \(live.movie.name) still one of its own", log: watch.log)

        let journal = try JourneyJournal(
            listed: try DaybookProcess.list(library: library), photos: folder.ingested + [folder.watched, live.photo])
        let pair = journal.entries { $0.photo.name == live.photo.name }
        XCTAssertEqual(pair.count, 1, "one entry for the Live Photo\n\(watch.log)")
        let entry = try XCTUnwrap(pair.first)
        let shown = try DaybookProcess.show(entry.listed.id, library: library)
        let motion = shown["motion"] as? [String: Any]
        XCTAssertEqual(motion?["source"] as? String, live.photo.motion, "daybook show --json: \(live.photo.name)'s motion")
        XCTAssertEqual(
            (motion?["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }, live.movie.name,
            "daybook show --json: \(live.photo.name)'s motion")
        let files = (shown["files"] as? [[String: Any]] ?? []).map {
            "\($0["role"] as? String ?? "?") \(URL(fileURLWithPath: $0["path"] as? String ?? "").lastPathComponent)"
        }
        XCTAssertEqual(files, ["live-photo-video \(live.movie.name)"], "daybook show --json: \(live.photo.name)'s files")
        try checkTiles(at: "/", expecting: journal.entries, journal)
        try checkEntryPage(entry, journal)
        let failures = watch.log.split(separator: "\n").filter { !$0.contains(" info: ") && !$0.contains(" notice: ") }
        XCTAssertEqual(failures, [], "watch's log has only what it watched and ingested\n\(watch.log)")
    }
}

extension JourneyScripts {
    /// Loads the page's poster as a picture, plays the `<video>` muted until it passes 0.5 s
    /// (20 s at most, or a media error), pauses it, and gives what the browser made of both.
    static let playVideo = """
        (async () => {
          const video = document.querySelector("figure.preview video");
          if (!video) return { play: "no <video> on the page" };
          const poster = new Image();
          const loaded = new Promise((done) => { poster.onload = done; poster.onerror = done; });
          poster.src = video.poster;
          await loaded;
          let play = "pending";
          video.muted = true;
          video.play().then(() => { play = "playing"; }, (error) => { play = "refused: " + error; });
          const deadline = Date.now() + 20000;
          while (video.currentTime <= 0.5 && !video.error && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
          video.pause();
          return {
            poster: video.getAttribute("poster"), posterWidth: poster.naturalWidth, posterHeight: poster.naturalHeight,
            currentTime: video.currentTime, duration: video.duration, play, error: video.error?.code ?? 0,
            noticeHidden: document.getElementById("videonotice")?.hidden ?? false,
            download: document.querySelector("figure.preview figcaption a[download]")?.textContent ?? "",
          };
        })()
        """

    /// True once the photo is an entry with a thumbnail and no entry is the movie's own.
    static func pairArrived(photo: String, movie: String) -> String {
        """
        fetch("/api/entries", { cache: "no-store" }).then((answer) => answer.json()).then((page) =>
          page.entries.some((entry) => entry.source_path.endsWith("/" + \(quoted(photo))) && Boolean(entry.thumbnail)) &&
          !page.entries.some((entry) => entry.source_path.endsWith("/" + \(quoted(movie)))))
        """
    }
}
