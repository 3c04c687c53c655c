import DaybookCore
import DaybookStore
import Foundation

/// Valid export archives to mutate into hostile ones.
enum ArchiveFixture {
    /// A tiny JPEG by shape: start-of-image, a comment segment, end-of-image.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 0x68, 0x69, 0xFF, 0xD9])

    static func hash(_ seed: Character) -> String { String(repeating: String(seed), count: 64) }

    static func entry(id: String, hash: String, thumbnail: Bool = true) -> JournalEntry {
        JournalEntry(
            id: id, contentHash: hash, sourcePath: "/photos/\(id).jpg", fileSize: 1234,
            capture: CaptureTime(local: LocalDateTime(exif: "2021:07:01 10:00:00")!, source: .dateTimeOriginal),
            location: GeoLocation(latitude: 48.8584, longitude: 2.2945),
            pixelSize: (4000, 3000), thumbnail: thumbnail ? "\(hash).jpg" : nil,
            thumbnailSize: thumbnail ? (400, 300) : nil, problems: [])
    }

    static func item(id: String, hash: String, thumbnail: Bool = true) -> JournalArchive.Item {
        let entry = entry(id: id, hash: hash, thumbnail: thumbnail)
        return JournalArchive.Item(
            entry: entry, tags: [JournalTag(entryId: id, name: "blue", source: .auto, score: 0.5, taggerVersion: 1)],
            removedTags: ["green"], weather: nil, thumbnail: thumbnail ? jpeg : nil)
    }

    static func archive() -> JournalArchive {
        JournalArchive(
            exportedAt: "2026-01-01T00:00:00Z",
            items: [
                item(id: "aaaa0001-0000-0000-0000-000000000000", hash: hash("a")),
                item(id: "bbbb0002-0000-0000-0000-000000000000", hash: hash("b")),
            ])
    }

    /// The archive as `daybook export json` writes it.
    static func json(_ archive: JournalArchive) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(archive)
    }

    /// The archive as a JSON object, to break in ways the Swift types cannot express.
    static func object(_ archive: JournalArchive = archive()) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: json(archive)) as! [String: Any]
    }

    /// Changes one field of item `index`'s entry in `object`.
    static func setting(_ object: [String: Any], item index: Int, _ key: String, to value: Any?, in part: String = "entry") -> [String: Any]
    {
        var object = object
        var items = object["items"] as! [[String: Any]]
        var inner = items[index][part] as! [String: Any]
        inner[key] = value
        items[index][part] = inner
        object["items"] = items
        return object
    }

    static func data(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }
}
