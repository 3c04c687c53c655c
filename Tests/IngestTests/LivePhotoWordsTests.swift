import DaybookCore
import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Pairing a photo with its movie never deletes another entry's words: a movie entry that
/// holds text or tags of a person's stays, whether the movie beside the photo is a copy of
/// its bytes from elsewhere or the very file it was made from.
final class LivePhotoWordsTests: XCTestCase {
    private func copy(_ name: String, as newName: String? = nil, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: LivePhotoPairingTests.live.appendingPathComponent(name), to: folder.appendingPathComponent(newName ?? name))
    }

    /// The movie's own entry, given words and a tag as a person would.
    private func movieEntryWithWords(at path: String, _ journal: TestJournal) throws -> JournalEntry {
        let movie = try XCTUnwrap(try journal.store.entries().first { $0.sourcePath == path }, "the movie is an entry of its own")
        try journal.store.edit(entryID: movie.id, text: "The sea at dusk")
        try journal.store.editTags(entryID: movie.id, add: ["sea"], remove: [])
        return movie
    }

    private func assertKept(_ movie: JournalEntry, _ journal: TestJournal, file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = try XCTUnwrap(try journal.store.entry(id: movie.id), "the movie's entry and its words are gone", file: file, line: line)
        XCTAssertEqual(kept.text, "The sea at dusk", file: file, line: line)
        XCTAssertEqual(try journal.store.tags(entryID: movie.id).filter { $0.source == .user }.map(\.name), ["sea"], file: file, line: line)
    }

    func testACopyOfAMovieBesideAPhotoLeavesTheOriginalEntryAndItsWords() throws {
        let root = try Fixtures.temporaryFolder("live-words-copy")
        let journal = try TestJournal()
        try copy("IMG_0001.MOV", as: "clip.MOV", into: root.appendingPathComponent("videos"))
        try journal.ingest([root.appendingPathComponent("videos")])
        let movie = try movieEntryWithWords(at: root.appendingPathComponent("videos/clip.MOV").path, journal)

        let camera = root.appendingPathComponent("camera")
        try copy("IMG_0001.JPG", into: camera)
        try copy("IMG_0001.MOV", into: camera)
        try journal.ingest([camera])

        try assertKept(movie, journal)
        let photo = try XCTUnwrap(try journal.store.entries().first { $0.sourcePath.hasSuffix("IMG_0001.JPG") })
        XCTAssertEqual(try journal.store.files(entryID: photo.id).map(\.path), [camera.appendingPathComponent("IMG_0001.MOV").path])
    }

    func testAMovieEntryWithWordsIsNotTakenInByItsPhoto() throws {
        let folder = try Fixtures.temporaryFolder("live-words-same")
        let journal = try TestJournal()
        try copy("IMG_0001.MOV", into: folder)
        try journal.ingest([folder])
        let movie = try movieEntryWithWords(at: folder.appendingPathComponent("IMG_0001.MOV").path, journal)

        try copy("IMG_0001.JPG", into: folder)
        try journal.ingest([folder.appendingPathComponent("IMG_0001.JPG")])
        try journal.ingest([folder])

        try assertKept(movie, journal)
        XCTAssertEqual(try journal.store.entries().count, 2, "the photo and the movie with words, each once")
    }
}
