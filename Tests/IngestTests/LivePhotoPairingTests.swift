import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Apple Live Photos (Tests/Fixtures/motion/live, made by make_motion.sh with ffmpeg and
/// exiftool): a photo and the `.MOV` that belongs to it, by content identifier or by name and
/// time, are one entry with the movie as its `live-photo-video` file, whichever arrives first
/// and however often the folder is read again.
final class LivePhotoPairingTests: XCTestCase {
    static let live = Repository.fixtures.appendingPathComponent("motion/live")

    /// Every entry's file name and its other files, sorted.
    private func contents(_ journal: TestJournal) throws -> [String] {
        try journal.store.entries().map { entry in
            let files = try journal.store.files(entryID: entry.id).map { "\($0.role.rawValue)=\(($0.path as NSString).lastPathComponent)" }
            return ([(entry.sourcePath as NSString).lastPathComponent] + files).joined(separator: " ")
        }.sorted()
    }

    /// The entries of photos (a movie of no Live Photo is an entry of its own once videos are read).
    private func photoEntries(_ journal: TestJournal) throws -> [String] {
        try contents(journal).filter { !($0.split(separator: " ").first ?? "").lowercased().hasSuffix(".mov") }
    }

    /// Movies that belong to no photo are what they are alone: skipped as videos until videos
    /// are read, then entries of their own; never another entry's file.
    private func assertAlone(_ names: [String], in folder: URL, _ journal: TestJournal, _ log: EventLog) throws {
        let entries = try contents(journal)
        for name in names {
            XCTAssertNil(try journal.store.owner(ofFileAt: folder.appendingPathComponent(name).path), name)
            XCTAssertTrue(log.skipped.contains(name) || entries.contains(name), "\(name): \(entries), skipped \(log.skipped)")
        }
    }

    private func copy(_ names: [String], into folder: URL) throws {
        for name in names {
            try FileManager.default.copyItem(at: Self.live.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    static let allFiles = [
        "IMG_0001.JPG", "IMG_0001.MOV", "IMG_0002.HEIC", "IMG_0002.mov", "IMG_0003.JPG", "IMG_0003.MOV", "IMG_0004.JPG",
        "IMG_0004.MOV", "IMG_0005.JPG", "IMG_0005.MOV", "IMG_0006.JPG", "IMG_0006.MOV",
    ]
    static let paired = [
        "IMG_0001.JPG live-photo-video=IMG_0001.MOV",  // same content identifier
        "IMG_0002.HEIC live-photo-video=IMG_0002.mov",  // same identifier, HEIC
        "IMG_0003.JPG live-photo-video=IMG_0003.MOV",  // no identifiers, creation date 2 s later
        "IMG_0004.JPG live-photo-video=IMG_0004.MOV",  // no identifiers, mvhd 1 s later
        "IMG_0005.JPG",  // identifiers differ
        "IMG_0006.JPG",  // an hour apart
    ]

    func testPairsByIdentifierThenByNameAndTime() throws {
        let folder = try Fixtures.temporaryFolder("live-together")
        try copy(Self.allFiles, into: folder)
        let journal = try TestJournal()
        let log = EventLog()
        try journal.ingest([folder], log: log)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(log.warnings, [:])
        XCTAssertEqual(try photoEntries(journal), Self.paired)
        try assertAlone(["IMG_0005.MOV", "IMG_0006.MOV"], in: folder, journal, log)
        let entry = try XCTUnwrap(try journal.store.entries().first { $0.sourcePath.hasSuffix("IMG_0001.JPG") })
        let movie = try Data(contentsOf: folder.appendingPathComponent("IMG_0001.MOV"))
        XCTAssertEqual(
            try journal.store.files(entryID: entry.id),
            [
                EntryFile(
                    role: .livePhotoVideo, path: folder.appendingPathComponent("IMG_0001.MOV").path,
                    contentHash: ContentHash.sha256Hex(Array(movie)), fileSize: Int64(movie.count))
            ])
        try journal.ingest([folder])
        XCTAssertEqual(try photoEntries(journal), Self.paired, "read again: neither split nor doubled")
        try assertAlone(["IMG_0005.MOV", "IMG_0006.MOV"], in: folder, journal, log)
    }

    func testPhotoFirstThenMovie() throws {
        let folder = try Fixtures.temporaryFolder("live-photo-first")
        let journal = try TestJournal()
        try copy(["IMG_0001.JPG", "IMG_0002.HEIC"], into: folder)
        try journal.ingest([folder])
        XCTAssertEqual(try contents(journal), ["IMG_0001.JPG", "IMG_0002.HEIC"])
        try copy(["IMG_0001.MOV", "IMG_0002.mov"], into: folder)
        let log = EventLog()
        // As `watch` hands over each new file by itself.
        try journal.ingest([folder.appendingPathComponent("IMG_0001.MOV"), folder.appendingPathComponent("IMG_0002.mov")], log: log)
        XCTAssertEqual(log.failures, [:])
        XCTAssertEqual(try contents(journal), Array(Self.paired.prefix(2)))
        try journal.ingest([folder])
        XCTAssertEqual(try contents(journal), Array(Self.paired.prefix(2)))
    }

    /// The movie first: skipped until videos are read; once they are, an entry of its own,
    /// which the photo's ingest deletes (with its thumbnail) as it takes the movie in.
    func testMovieFirstThenPhoto() throws {
        let folder = try Fixtures.temporaryFolder("live-movie-first")
        let journal = try TestJournal()
        try copy(["IMG_0001.MOV"], into: folder)
        let log = EventLog()
        try journal.ingest([folder], log: log)
        try assertAlone(["IMG_0001.MOV"], in: folder, journal, log)

        // What the video ingest stores for the movie alone (done here by hand while videos are skipped).
        let moviePath = folder.appendingPathComponent("IMG_0001.MOV").path
        let movieBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: moviePath)))
        let hash = ContentHash.sha256Hex(movieBytes)
        let thumbnail = try XCTUnwrap(ThumbnailName(contentHash: hash))
        let files = try ThumbnailFiles(library: journal.store.library)
        let temporary = try files.writeTemporary(
            [UInt8](try Data(contentsOf: Fixtures.samples.appendingPathComponent("07-deadsea-2022-06.jpg"))))
        var video = JournalEntry(
            contentHash: hash, sourcePath: moviePath, fileSize: Int64(movieBytes.count), pixelSize: (64, 48),
            thumbnail: thumbnail.fileName, thumbnailSize: (64, 48), problems: [])
        video.media = .video
        if try journal.store.entries().isEmpty {
            try journal.store.save(video, sourceTruncated: false) { try files.moveIntoPlace(temporary, name: thumbnail) }
        } else {
            files.discard(temporary)
        }
        XCTAssertEqual(try contents(journal), ["IMG_0001.MOV"])
        let movieThumbnail = try XCTUnwrap(try journal.store.entries().first?.thumbnailName)

        try copy(["IMG_0001.JPG"], into: folder)
        try journal.ingest([folder.appendingPathComponent("IMG_0001.JPG")])
        XCTAssertEqual(try contents(journal), ["IMG_0001.JPG live-photo-video=IMG_0001.MOV"])
        XCTAssertNil(try files.read(movieThumbnail).map(\.count), "the movie's own thumbnail went with its entry")
        try journal.ingest([folder])
        XCTAssertEqual(try contents(journal), ["IMG_0001.JPG live-photo-video=IMG_0001.MOV"])
    }

    /// A movie converted to `.mp4` pairs as its `.MOV` would; of two movies that belong to
    /// one photo (a copy in another letter case), the first in name order is its movie and
    /// the other an entry of its own, whichever is read first.
    func testAnMP4MoviePairsAndAPhotoHasOneMovie() throws {
        let folder = try Fixtures.temporaryFolder("live-mp4-and-case")
        try copy(["IMG_0001.JPG", "IMG_0001.MOV", "IMG_0003.JPG"], into: folder)
        try FileManager.default.copyItem(
            at: Self.live.appendingPathComponent("IMG_0003.MOV"), to: folder.appendingPathComponent("IMG_0003.mp4"))
        // The same movie under a lower-case name, one byte longer so that it is not a duplicate.
        var copy = try Data(contentsOf: Self.live.appendingPathComponent("IMG_0001.MOV"))
        copy.append(0)
        try copy.write(to: folder.appendingPathComponent("IMG_0001.mov"))

        // Each movie read before the photo, then the photo, as `watch` may hand them over.
        let journal = try TestJournal()
        for name in ["IMG_0001.mov", "IMG_0001.MOV", "IMG_0003.mp4", "IMG_0001.JPG", "IMG_0003.JPG"] {
            try journal.ingest([folder.appendingPathComponent(name)])
        }
        try journal.ingest([folder])
        let expected = ["IMG_0001.JPG live-photo-video=IMG_0001.MOV", "IMG_0003.JPG live-photo-video=IMG_0003.mp4"]
        XCTAssertEqual(try photoEntries(journal).filter { !$0.hasPrefix("IMG_0001.mov") }, expected)
        XCTAssertNil(try journal.store.owner(ofFileAt: folder.appendingPathComponent("IMG_0001.mov").path))

        // The same folder read at once in a new library.
        let together = try TestJournal()
        try together.ingest([folder])
        XCTAssertEqual(try photoEntries(together).filter { !$0.hasPrefix("IMG_0001.mov") }, expected)
        XCTAssertNil(try together.store.owner(ofFileAt: folder.appendingPathComponent("IMG_0001.mov").path))
    }

    func testDeletingTheEntryForgetsBothAndKeepsTheFiles() throws {
        let folder = try Fixtures.temporaryFolder("live-delete")
        try copy(["IMG_0001.JPG", "IMG_0001.MOV"], into: folder)
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try XCTUnwrap(try journal.store.entries().first)
        XCTAssertEqual(try journal.store.files(entryID: entry.id).count, 1)
        try journal.store.delete(entryIDs: [entry.id])
        XCTAssertNil(try journal.store.owner(ofFileAt: folder.appendingPathComponent("IMG_0001.MOV").path))
        for name in ["IMG_0001.JPG", "IMG_0001.MOV"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }

    func testLivePhotoMotionInOutputsAndArchive() throws {
        let folder = try Fixtures.temporaryFolder("live-output")
        try copy(["IMG_0001.JPG", "IMG_0001.MOV"], into: folder)
        let journal = try TestJournal()
        try journal.ingest([folder])
        let entry = try XCTUnwrap(try journal.store.entries().first)
        let files = try journal.store.files(entryID: entry.id)
        let movie = folder.appendingPathComponent("IMG_0001.MOV").path
        XCTAssertEqual(
            EntryDetailsOutput(entry: entry, tags: [], weather: nil, files: files).entry.motion, MotionOutput(livePhotoVideo: movie))
        let archive = try journal.store.exportArchive()
        XCTAssertEqual(archive.items.first?.entry.motion, MotionOutput(livePhotoVideo: movie))
        let copy = try TestJournal()
        XCTAssertEqual(try copy.store.importArchive(try JournalArchive.decodeAndValidate(try JSONOutput.data(archive))), 1)
        let imported = try XCTUnwrap(try copy.store.entries().first)
        XCTAssertEqual(try copy.store.files(entryID: imported.id), files)
    }
}
