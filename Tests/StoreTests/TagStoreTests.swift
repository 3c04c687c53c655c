import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

final class TagStoreTests: XCTestCase {
    func makeStoreWithEntry(autoTags: [AutoTag]) throws -> JournalStore {
        let folder = try TemporaryFolder.make("daybook-tags")
        let store = try JournalStore(library: Library(root: folder))
        let entry = JournalEntry(
            id: "e0000001", contentHash: "h", sourcePath: "/p.jpg", fileSize: 1, pixelSize: nil, thumbnail: nil, thumbnailSize: nil,
            problems: [])
        try store.insert(entry, autoTags: autoTags, taggerVersion: 3)
        return store
    }

    func names(_ store: JournalStore) throws -> [String: TagSource] {
        Dictionary(uniqueKeysWithValues: try store.tags(entryID: "e0000001").map { ($0.name, $0.source) })
    }

    func testAutoTagsAreStoredWithTheTaggerVersion() throws {
        let store = try makeStoreWithEntry(autoTags: [AutoTag(name: "blue", score: 0.7), AutoTag(name: "sky", score: 0.5)])
        let tags = try store.tags(entryID: "e0000001")
        XCTAssertEqual(tags.map(\.name), ["blue", "sky"])
        XCTAssertEqual(tags.map(\.taggerVersion), [3, 3])
        XCTAssertEqual(tags.first?.score, 0.7)
    }

    func testRemovedAutoTagNeverComesBackAndUserTagsSurviveRetagging() throws {
        let store = try makeStoreWithEntry(autoTags: [AutoTag(name: "blue", score: 0.7), AutoTag(name: "sky", score: 0.5)])
        try store.editTags(entryID: "e0000001", add: ["Summer Trip", "blue"], remove: ["sky"])
        XCTAssertEqual(try names(store), ["blue": .user, "summer-trip": .user])

        let proposals = [AutoTag(name: "blue", score: 0.8), AutoTag(name: "sky", score: 0.6), AutoTag(name: "vivid", score: 0.4)]
        try store.replaceAutoTags(entryID: "e0000001", with: proposals, taggerVersion: 4)
        XCTAssertEqual(try names(store), ["blue": .user, "summer-trip": .user, "vivid": .auto])

        // Adding a removed name back by hand lifts the removal.
        try store.editTags(entryID: "e0000001", add: ["sky"], remove: [])
        XCTAssertEqual(try names(store)["sky"], .user)
    }

    func testTagCountsAndNames() throws {
        let store = try makeStoreWithEntry(autoTags: [AutoTag(name: "blue", score: 0.7)])
        try store.editTags(entryID: "e0000001", add: ["beach"], remove: [])
        XCTAssertEqual(
            try store.tagCounts(),
            [
                TagCount(name: "beach", entries: 1, auto: 0, user: 1),
                TagCount(name: "blue", entries: 1, auto: 1, user: 0),
            ])
        XCTAssertEqual(try JournalTag.normalizedName("  Summer   2024 "), "summer-2024")
        XCTAssertThrowsError(try JournalTag.normalizedName("a/b"))
        XCTAssertThrowsError(try JournalTag.normalizedName(""))
        XCTAssertThrowsError(try store.editTags(entryID: "nope", add: ["x"], remove: []))
    }
}
