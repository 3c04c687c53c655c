import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import XCTest

@testable import DaybookStore

/// A library whose photo entries' words and choices were in the index alone gets their
/// journal files on its first read-write open, once; an archive import writes them too.
final class JournalFileBackfillTests: XCTestCase {
    var library: Library!
    let date = LocalDateTime(year: 2021, month: 3, day: 4, hour: 5, minute: 6, second: 7)!

    override func setUpWithError() throws {
        library = Library(root: try temporaryFolder("daybook-backfill"))
    }

    /// Photo entries `digits`, stored with the user data of a library from before photo
    /// entries had files: set in the rows alone, and the setting that marks the files written
    /// taken away again.
    func oldLibrary(_ digits: [Character]) throws -> [JournalEntry] {
        let store = try JournalStore(library: library)
        let photos = digits.map { digit in
            JournalEntry(
                contentHash: String(repeating: digit, count: 64), sourcePath: "/photos/\(digit).jpg", fileSize: 1,
                capture: CaptureTime(local: date, source: .dateTimeOriginal), pixelSize: nil, thumbnail: nil, thumbnailSize: nil,
                problems: [])
        }
        try store.insert(
            batch: photos, autoTags: Dictionary(uniqueKeysWithValues: photos.map { ($0.id, [AutoTag(name: "sky", score: 1)]) }))
        try store.pool.write { db in
            try db.execute(sql: "UPDATE entry SET text = 'words of ' || id WHERE id = ?", arguments: [photos[0].id])
            if photos.count > 1 {
                try db.execute(sql: "INSERT INTO tag (entry_id, name, source) VALUES (?, 'mine', 'user')", arguments: [photos[1].id])
                try db.execute(sql: "DELETE FROM tag WHERE entry_id = ? AND name = 'sky'", arguments: [photos[1].id])
                try db.execute(
                    sql: "INSERT INTO tag_removal (entry_id, name, removed_at) VALUES (?, 'sky', '2021-01-01T00:00:00Z')",
                    arguments: [photos[1].id])
            }
            if photos.count > 2 {
                try db.execute(sql: "UPDATE entry SET capture_source = 'user' WHERE id = ?", arguments: [photos[2].id])
            }
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [JournalStore.photoJournalFilesSetting])
        }
        return photos
    }

    func file(_ entry: JournalEntry) throws -> JournalFile {
        try JournalFileParser.parse(try Data(contentsOf: JournalFilePath(id: entry.id, date: date).url(in: library)))
    }

    func journalFiles() -> [String] {
        let folder = library.root.appendingPathComponent("journal").path
        return (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    func testTheFirstOpenWritesTheFilesOfPhotoEntriesWithWordsOrChoices() throws {
        let photos = try oldLibrary(["a", "b", "c", "d"])
        XCTAssertEqual(journalFiles(), [])

        let store = try JournalStore(library: library)
        XCTAssertEqual(journalFiles().count, 3, "the fourth photo holds nothing of the person's")
        XCTAssertEqual(try file(photos[0]).text, "words of \(photos[0].id)")
        XCTAssertEqual(try file(photos[1]).tags, ["mine"])
        XCTAssertEqual(try file(photos[1]).removedTags, ["sky"])
        XCTAssertTrue(try file(photos[2]).dateSetByHand)
        for photo in photos.prefix(3) { XCTAssertEqual(try file(photo), try store.journalFile(entryID: photo.id)) }
        XCTAssertNotNil(try store.setting(JournalStore.photoJournalFilesSetting))

        // Done once: a file removed afterwards is not made again by the next open.
        try FileManager.default.removeItem(at: JournalFilePath(id: photos[0].id, date: date).url(in: library))
        _ = try JournalStore(library: library)
        XCTAssertEqual(journalFiles().count, 2)
    }

    /// Killed halfway, the next open finishes: the files already there are left as they are.
    func testAnOpenAfterAKillHalfwayFinishes() throws {
        let photos = try oldLibrary(["e", "f", "0"])
        let store = try JournalStore(library: library)
        let kept = JournalFilePath(id: photos[0].id, date: date).url(in: library)
        let inode = try FileManager.default.attributesOfItem(atPath: kept.path)[.systemFileNumber] as? Int
        try FileManager.default.removeItem(at: JournalFilePath(id: photos[1].id, date: date).url(in: library))

        let done = try store.writeMissingJournalFiles(evenIfDone: true)
        XCTAssertEqual(done, JournalStore.JournalFileBackfill(written: 3, problems: []))
        XCTAssertEqual(journalFiles().count, 3)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: kept.path)[.systemFileNumber] as? Int, inode)
        XCTAssertEqual(try file(photos[1]).tags, ["mine"])
    }

    /// A file at an entry's path that does not parse is named and never written over.
    func testAFileThatDoesNotParseIsNamedAndLeftAsItIs() throws {
        let photos = try oldLibrary(["1", "2"])
        let path = JournalFilePath(id: photos[0].id, date: date)
        let handMade = Data("---\nversion: 1\nid: \(photos[0].id)\nmood: fine\n---\nmine\n".utf8)
        try FileManager.default.createDirectory(
            at: path.url(in: library).deletingLastPathComponent(), withIntermediateDirectories: true)
        try handMade.write(to: path.url(in: library))
        let store = try JournalStore(library: library)
        let done = try store.writeMissingJournalFiles(evenIfDone: true)
        XCTAssertEqual(done.problems, ["\(path):4: unknown key \"mood\""])
        XCTAssertEqual(done.written, 1)
        XCTAssertEqual(try Data(contentsOf: path.url(in: library)), handMade)
        XCTAssertEqual(try file(photos[1]).removedTags, ["sky"])
    }

    /// An imported photo entry with words or choices gets its file, the same the index would make.
    func testAnImportWritesTheFilesOfPhotoEntriesWithWordsOrChoices() throws {
        let photos = try oldLibrary(["3", "4", "5", "6"])
        let source = try JournalStore(library: library)
        let frame = JournalEntry(
            contentHash: String(repeating: "8", count: 64), sourcePath: "/photos/8.jpg", fileSize: 1,
            capture: CaptureTime(local: date, source: .dateTimeOriginal), pixelSize: nil, thumbnail: nil, thumbnailSize: nil,
            problems: [])
        try source.save(frame, sourceTruncated: false)
        try source.stack(entryID: frame.id, perceptualHash: nil, burstID: "burst")
        try source.stack(entryID: photos[3].id, perceptualHash: nil, burstID: "burst")
        try source.pickCover(entryID: frame.id)
        let archive = try source.exportArchive()

        let target = try JournalStore(library: Library(root: try temporaryFolder("daybook-backfill-import")))
        XCTAssertEqual(try target.importArchive(archive), 5)
        var written: [String] = []
        for entry in photos + [frame] {
            let path = JournalFilePath(id: entry.id, date: date).url(in: target.library)
            guard FileManager.default.fileExists(atPath: path.path) else { continue }
            written.append(entry.id)
            XCTAssertEqual(try JournalFileParser.parse(try Data(contentsOf: path)), try target.journalFile(entryID: entry.id))
        }
        XCTAssertEqual(written.sorted(), [photos[0].id, photos[1].id, photos[2].id, frame.id].sorted())
        XCTAssertEqual(try target.journalFile(entryID: frame.id)?.stackChoice, .cover)
    }
}
