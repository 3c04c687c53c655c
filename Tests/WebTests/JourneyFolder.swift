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

    var aspect: Double { Double(displayWidth) / Double(displayHeight) }
    var url: URL { Repository.root.appendingPathComponent(source) }

    enum CodingKeys: String, CodingKey {
        case name, source, town, raw
        case displayWidth = "display_width"
        case displayHeight = "display_height"
        case dateFrom = "date_from"
    }
}

/// A file copied into the folder under its journey name: a sidecar, or a RAW beside its JPEG.
struct JourneyFile: Decodable {
    let name: String
    let source: String

    var url: URL { Repository.root.appendingPathComponent(source) }
}

/// The mixed folder a new user points Daybook at: HEIC and HEIF, camera JPEGs with GPS, EXIF
/// orientations 3, 6 and 8, a photo whose place is only in its XMP sidecar, a PNG screenshot
/// dated by its name, a RAW+JPEG pair, an AVIF; and the HEIC that later arrives in the watched
/// folder.
struct JourneyFolder: Decodable {
    let ingested: [JourneyPhoto]
    let sidecars: [JourneyFile]
    let watched: JourneyPhoto

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
}

/// An entry as `daybook list --json` gives it: what the pages are checked against.
struct ListedEntry {
    let id: String
    let hash: String
    let fileName: String
    let town: String?
    let capturedLocal: String?
    let hasThumbnail: Bool

    init(_ json: [String: Any]) {
        id = json["id"] as? String ?? ""
        hash = json["content_hash"] as? String ?? ""
        fileName = URL(fileURLWithPath: json["source_path"] as? String ?? "").lastPathComponent
        town = json["place_name"] as? String
        capturedLocal = json["captured_local"] as? String
        hasThumbnail = json["thumbnail"] is String
    }
}

/// `daybook` run to its end as a user runs it, with standard output and error kept.
struct DaybookRun {
    let status: Int32
    let output: String
    let errors: String

    init(_ arguments: [String], in folder: URL) throws {
        let label = UUID().uuidString
        let out = folder.appendingPathComponent("\(label).out")
        let err = folder.appendingPathComponent("\(label).err")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = BuildProducts.daybook
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_LIBRARY"] = nil
        environment["DAYBOOK_WEATHER"] = "none"  // no network in tests
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        output = try String(contentsOf: out, encoding: .utf8)
        errors = try String(contentsOf: err, encoding: .utf8)
    }

    /// `daybook list --json` of `library`.
    static func list(library: URL, in folder: URL) throws -> [ListedEntry] {
        let run = try DaybookRun(["list", "--json", "--library", library.path], in: folder)
        XCTAssertEqual(run.status, 0, run.errors)
        let entries = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        return try XCTUnwrap(entries, run.output).map(ListedEntry.init)
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
