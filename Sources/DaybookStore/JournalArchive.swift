import Foundation
import GRDB

/// The whole journal as one Codable value: `export json` writes it, `import` reads it back
/// into an empty library with nothing lost (entries, tags, removed auto tags, weather,
/// thumbnails).
public struct JournalArchive: Codable, Sendable, Equatable {
    public static let currentFormat = 1

    public struct Item: Codable, Sendable, Equatable {
        public var entry: JournalEntry
        public var tags: [JournalTag]
        public var removedTags: [String]
        public var weather: WeatherRecord?
        /// The thumbnail JPEG, base64 in JSON; nil when exported without thumbnails.
        public var thumbnail: Data?
    }

    public var format: Int
    public var exportedAt: String
    public var items: [Item]

    public init(format: Int = JournalArchive.currentFormat, exportedAt: String, items: [Item]) {
        self.format = format
        self.exportedAt = exportedAt
        self.items = items
    }
}

extension JournalStore {
    public func exportArchive(includeThumbnails: Bool = true) throws -> JournalArchive {
        let files = ThumbnailFiles(library: library)
        let items = try pool.read { db in
            try JournalEntry.order(Column("captured_local"), Column("id")).fetchAll(db).map { entry in
                JournalArchive.Item(
                    entry: entry,
                    tags: try Self.tags(db, entryID: entry.id),
                    removedTags: try String.fetchAll(db, sql: "SELECT name FROM tag_removal WHERE entry_id = ? ORDER BY name", arguments: [entry.id]),
                    weather: try WeatherRecord.fetchOne(db, key: entry.id),
                    thumbnail: nil)
            }
        }
        return JournalArchive(format: JournalArchive.currentFormat, exportedAt: JournalEntry.timestamp(Date()), items: try items.map { item in
            var item = item
            if includeThumbnails, let name = item.entry.thumbnail {
                item.thumbnail = try? Data(contentsOf: files.url(for: name))
            }
            return item
        })
    }

    /// Reads an archive into this library, which must be empty. Thumbnails are written first,
    /// then every row in one transaction: a failed import leaves the library empty.
    public func importArchive(_ archive: JournalArchive) throws -> Int {
        guard archive.format <= JournalArchive.currentFormat else {
            throw StoreError.io("this archive has format \(archive.format); this daybook reads up to \(JournalArchive.currentFormat)")
        }
        guard try count() == 0 else { throw StoreError.io("import needs an empty library; \(library.root.path) already has entries") }
        let files = ThumbnailFiles(library: library)
        var moved: [URL] = []
        for item in archive.items {
            guard let name = item.entry.thumbnail, let data = item.thumbnail else { continue }
            let temporary = try files.writeTemporary([UInt8](data))
            try files.moveIntoPlace(temporary, name: name)
            moved.append(files.url(for: name))
        }
        do {
            try pool.write { db in
                for item in archive.items {
                    var entry = item.entry
                    if item.thumbnail == nil { entry.thumbnail = nil; entry.thumbnailWidth = nil; entry.thumbnailHeight = nil }
                    try entry.insert(db)
                    for tag in item.tags { try tag.insert(db) }
                    for name in item.removedTags {
                        try db.execute(sql: "INSERT INTO tag_removal (entry_id, name, removed_at) VALUES (?, ?, ?)",
                                       arguments: [entry.id, name, archive.exportedAt])
                    }
                    try item.weather?.insert(db)
                }
            }
        } catch {
            for url in moved { unlink(url.path) }
            throw error
        }
        return archive.items.count
    }
}
