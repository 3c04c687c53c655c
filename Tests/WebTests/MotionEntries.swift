import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookStoreTestSupport
import DaybookSupport
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import Logging
import XCTest

/// A journal of the motion fixtures (Tests/Fixtures/motion, made by ffmpeg, exiftool and
/// ImageMagick: see its README), ingested by Daybook's own ingester: two motion photos whose
/// appended clip is a one-second H.264 MP4, a Live Photo pair (IMG_0001.JPG + .MOV, H.264 in
/// QuickTime) and a plain photo without motion.
struct MotionJournal {
    static let fixtures = Repository.fixtures.appendingPathComponent("motion")

    let root: URL
    let photos: URL
    let store: JournalStore

    init() async throws {
        root = try TemporaryFolder.make("daybook-motion-web")
        photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["google-motion.jpg", "samsung-trailer.jpg", "live/IMG_0001.JPG", "live/IMG_0001.MOV"] {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(name),
                to: photos.appendingPathComponent((name as NSString).lastPathComponent))
        }
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg"), to: photos.appendingPathComponent("still.jpg"))
        store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        _ = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
    }

    func entry(_ name: String) throws -> JournalEntry {
        try store.entry(pathEndingWith: "/" + name)
    }

    /// A copy of google-motion.jpg with `extra` bytes appended (so a hash of its own), stored
    /// as an entry whose clip is `clip`: offsets a store edited by hand could hold.
    func addCopy(_ name: String, extra: String, clip: MotionClip) throws -> JournalEntry {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("google-motion.jpg"))) + Array(extra.utf8)
        let target = photos.appendingPathComponent(name)
        try Data(bytes).write(to: target)
        var entry = JournalEntry(
            contentHash: ContentHash.sha256Hex(bytes), sourcePath: target.path, fileSize: Int64(bytes.count),
            capture: CaptureTime(local: try XCTUnwrap(LocalDateTime(exif: "2024:06:01 10:20:30")), source: .dateTimeOriginal, offset: nil),
            pixelSize: (96, 64), thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.motionClip = clip
        _ = try store.insert(entry)
        return try XCTUnwrap(try store.entry(id: entry.id))
    }

    /// `movie` copied beside the photo `name` and attached to its entry as its Live Photo movie.
    func addLivePhotoMovie(_ movie: URL, to name: String) throws -> JournalEntry {
        let entry = try entry(name)
        let target = photos.appendingPathComponent((name as NSString).deletingPathExtension + ".MOV")
        try FileManager.default.copyItem(at: movie, to: target)
        let bytes = [UInt8](try Data(contentsOf: target))
        _ = try store.attach(
            EntryFile(role: .livePhotoVideo, path: target.path, contentHash: ContentHash.sha256Hex(bytes), fileSize: Int64(bytes.count)),
            to: entry.id)
        return entry
    }

    /// The application on a free port of 127.0.0.1, for a browser.
    func liveApplication() throws -> some ApplicationProtocol {
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        var configuration = WebConfiguration()
        configuration.port = 0
        return try WebJournal(store: store, configuration: configuration).application(logger: logger)
    }
}
