import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// An ingest found the bytes of a photo known here from its journal file alone: the entry
    /// takes the photo's media (path, size, camera, pixels, thumbnail, automatic tags but those
    /// the person removed) and keeps its id, words, user tags, choices and creation time, and a
    /// date or place set by hand, as a replaced version keeps them (`replacement`). Its journal
    /// file is unchanged: it names the photo by content already.
    static func fillPhotoElsewhere(
        _ elsewhere: JournalEntry, with entry: JournalEntry, sourceTruncated: Bool, sidecar: SidecarVersion?, autoTags: [AutoTag],
        taggerVersion: Int, beforeCommit: () throws -> Void, _ db: Database
    ) throws -> (SaveOutcome, replacedThumbnail: String?) {
        let stored = try replacement(of: elsewhere, by: entry, db)
        try stored.update(db)
        try db.execute(
            sql: "UPDATE entry SET source_truncated = ?, sidecar_hash = ?, sidecar_first = ? WHERE id = ?",
            arguments: [sourceTruncated, sidecar?.contentHash, sidecar?.cameFirst ?? false, stored.id])
        try replaceAutoTags(db, entryID: stored.id, proposals: autoTags, taggerVersion: taggerVersion)
        try beforeCommit()
        return (.filled(stored), nil)
    }
}
