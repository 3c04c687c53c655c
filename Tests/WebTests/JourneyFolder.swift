import DaybookTestSupport
import Foundation
import XCTest

/// One photo of the journey as Tests/Fixtures/journey/folder.json describes it: the size a
/// viewer shows and the town, both found outside Daybook (see that folder's README).
struct JourneyPhoto: Decodable {
    let name: String
    let source: String
    let displayWidth: Int
    let displayHeight: Int
    let town: String?
    /// Where the entry page must say the date came from, when the test holds it to that.
    let dateFrom: String?
    /// The camera RAW beside this photo under the same base name: it joins this entry.
    let raw: JourneyFile?
    /// Set for a video: its entry plays on its page instead of showing a preview.
    let video: JourneyVideo?
    /// Where the entry's moving part comes from: `motion-photo` (a clip appended to the file)
    /// or `live-photo` (the Apple movie beside it), as the JSON outputs name it.
    let motion: String?
    /// Set for a damaged file that is an entry without a picture: what its page says instead.
    let noPicture: String?

    var aspect: Double { Double(displayWidth) / Double(displayHeight) }
    var url: URL { Repository.root.appendingPathComponent(source) }

    enum CodingKeys: String, CodingKey {
        case name, source, town, raw, video, motion
        case displayWidth = "display_width"
        case displayHeight = "display_height"
        case dateFrom = "date_from"
        case noPicture = "no_picture"
    }
}

/// A file copied into the folder under its journey name: a sidecar, or a RAW beside its JPEG.
struct JourneyFile: Decodable {
    let name: String
    let source: String

    var url: URL { Repository.root.appendingPathComponent(source) }
}

/// A video of the journey as ffprobe reads it (Tests/Fixtures/videos/truth.json).
struct JourneyVideo: Decodable {
    let durationSeconds: Double
    /// The content type its download link must answer with.
    let type: String

    enum CodingKeys: String, CodingKey {
        case type
        case durationSeconds = "duration_seconds"
    }
}

/// An Apple Live Photo that arrives in the watched folder movie first: one entry, the photo's,
/// must come of the pair.
struct JourneyLivePhoto: Decodable {
    let photo: JourneyPhoto
    let movie: JourneyFile
}

/// The mixed folder a new user points Daybook at: HEIC and HEIF, camera JPEGs with GPS, EXIF
/// orientations 3, 6 and 8, a photo whose place is only in its XMP sidecar, a PNG screenshot
/// dated by its name, a RAW+JPEG pair, an AVIF, an iPhone video with its place, a motion
/// photo; and what later arrives in the watched folder: a HEIC, and a Live Photo movie first.
struct JourneyFolder: Decodable {
    let ingested: [JourneyPhoto]
    let sidecars: [JourneyFile]
    let watched: JourneyPhoto
    let watchedLive: JourneyLivePhoto

    enum CodingKeys: String, CodingKey {
        case ingested, sidecars, watched
        case watchedLive = "watched_live"
    }

    static func load() throws -> JourneyFolder {
        let manifest = Repository.fixtures.appendingPathComponent("journey/folder.json")
        return try JSONDecoder().decode(JourneyFolder.self, from: Data(contentsOf: manifest))
    }

    /// The RAWs beside a photo of the folder: files, not entries of their own.
    var raws: [JourneyFile] { ingested.compactMap(\.raw) }

    /// Copies the photos, their RAWs and the sidecars into `folder`, under their journey names.
    func copy(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = ingested.map { JourneyFile(name: $0.name, source: $0.source) } + raws + sidecars
        for (name, source) in files.map({ ($0.name, $0.source) }) {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(source), to: folder.appendingPathComponent(name))
        }
    }

    /// The corpus's own truth for the corpus files, so folder.json cannot drift from it.
    func corpusDisplaySizes() throws -> [String: [Int]] {
        let truth =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Repository.fixtures.appendingPathComponent("corpus/truth.json"))) as? [String: Any]
        var sizes: [String: [Int]] = [:]
        for file in truth?["files"] as? [[String: Any]] ?? [] {
            guard let path = file["path"] as? String, let width = file["display_width"] as? Int,
                let height = file["display_height"] as? Int
            else { continue }
            sizes["Tests/Fixtures/corpus/" + path] = [width, height]
        }
        return sizes
    }

    /// ffprobe's reading of the committed videos (videos/truth.json): the size shown, the
    /// display matrix's quarter turns applied, and the length, so folder.json cannot drift from it.
    func videoTruth() throws -> [String: (size: [Int], duration: Double)] {
        let truth =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Repository.fixtures.appendingPathComponent("videos/truth.json"))) as? [String: Any]
        var videos: [String: (size: [Int], duration: Double)] = [:]
        for file in truth?["files"] as? [[String: Any]] ?? [] {
            let probe = file["ffprobe"] as? [String: Any] ?? [:]
            guard let name = file["file"] as? String,
                let stream = (probe["streams"] as? [[String: Any]])?.first(where: { $0["codec_type"] as? String == "video" }),
                let width = stream["width"] as? Int, let height = stream["height"] as? Int,
                let duration = ((probe["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
            else { continue }
            let rotation = (stream["side_data_list"] as? [[String: Any]] ?? []).compactMap { $0["rotation"] as? Int }.first ?? 0
            videos["Tests/Fixtures/videos/" + name] = (rotation % 180 == 0 ? [width, height] : [height, width], duration)
        }
        return videos
    }
}

/// An entry as `daybook list --json` gives it: what the pages are checked against.
struct ListedEntry {
    let id: String
    let hash: String
    let fileName: String
    let town: String?
    let capturedLocal: String?
    let hasThumbnail: Bool
    let media: String?
    let durationSeconds: Double?
    let motionSource: String?

    init(_ json: [String: Any]) {
        id = json["id"] as? String ?? ""
        hash = json["content_hash"] as? String ?? ""
        fileName = URL(fileURLWithPath: json["source_path"] as? String ?? "").lastPathComponent
        town = json["place_name"] as? String
        capturedLocal = json["captured_local"] as? String
        hasThumbnail = json["thumbnail"] is String
        media = json["media"] as? String
        durationSeconds = (json["duration_seconds"] as? NSNumber)?.doubleValue
        motionSource = (json["motion"] as? [String: Any])?["source"] as? String
    }
}

/// The journey's library read back through the real `daybook`, as a user or a script reads it.
extension DaybookProcess {
    /// `daybook list --json` of `library`.
    static func list(library: URL) throws -> [ListedEntry] {
        let run = try Self.run(["list", "--json", "--library", library.path], library: library)
        XCTAssertEqual(run.status, 0, run.stderr)
        let entries = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        return try XCTUnwrap(entries, run.stdout).map(ListedEntry.init)
    }

    /// `daybook show --json ID` of `library`: the entry with its files.
    static func show(_ id: String, library: URL) throws -> [String: Any] {
        let run = try Self.run(["show", "--json", id, "--library", library.path], library: library)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }
}

/// Writes `source` into `destination` in `rounds` closed writes with a pause after each, as a
/// slow copy over a network share or a resumed transfer does.
func writeSlowly(_ source: URL, to destination: URL, rounds: Int, pause: TimeInterval) throws {
    let bytes = try Data(contentsOf: source)
    let step = (bytes.count + rounds - 1) / rounds
    try Data().write(to: destination)
    for start in stride(from: 0, to: bytes.count, by: step) {
        let handle = try FileHandle(forWritingTo: destination)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes[start..<min(start + step, bytes.count)])
        try handle.close()
        Thread.sleep(forTimeInterval: pause)
    }
}
