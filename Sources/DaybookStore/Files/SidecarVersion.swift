import GRDB

/// The sidecar file an entry was read with (`IMG_0001.xmp`, `IMG_0001.jpg.xmp`): with the
/// photo's content hash, what decides whether the entry is current.
package struct SidecarVersion: Sendable, Hashable {
    /// SHA-256 of the sidecar's bytes, hex.
    package let contentHash: String
    /// The sidecar was newer than the photo, so its values came first.
    package let cameFirst: Bool

    package init(contentHash: String, cameFirst: Bool) {
        self.contentHash = contentHash
        self.cameFirst = cameFirst
    }

    /// Whether an entry stored with `stored` must be read again, its photo's bytes unchanged,
    /// now that the photo is seen with `current`. A photo seen without a sidecar keeps what a
    /// sidecar gave it: a copy of the photo elsewhere, or a photo moved without its sidecar,
    /// must not undo a correction.
    package static func calls(forRereading stored: SidecarVersion?, seenWith current: SidecarVersion?) -> Bool {
        guard let current else { return false }
        return current != stored
    }
}

extension JournalStore {
    /// The sidecar the entry was last read with; nil when it was read without one.
    package func sidecarVersion(entryID: String) throws -> SidecarVersion? {
        try pool.read { db in try Self.sidecarVersion(db, entryID: entryID) }
    }

    static func sidecarVersion(_ db: Database, entryID: String) throws -> SidecarVersion? {
        guard let row = try Row.fetchOne(db, sql: "SELECT sidecar_hash, sidecar_first FROM entry WHERE id = ?", arguments: [entryID]),
            let hash: String = row["sidecar_hash"]
        else { return nil }
        return SidecarVersion(contentHash: hash, cameFirst: row["sidecar_first"])
    }
}
