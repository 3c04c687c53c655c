import GRDB

/// A file that belongs to an entry besides the photo it shows: the RAW beside a camera's
/// JPEG, later the video half of a Live Photo. The entry's own `source_path` stays the file
/// its thumbnail comes from; these are listed with it, and the index forgets them with it.
package struct EntryFile: Sendable, Hashable, Codable {
    /// What the file is to the entry.
    package enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        /// The camera RAW of a RAW+JPEG (or RAW+HEIC) pair.
        case raw
        /// The `.MOV` of an Apple Live Photo, paired with its photo (`LivePhotoPairing` in Ingest).
        case livePhotoVideo = "live-photo-video"
    }

    package var role: Role
    /// Where the file was seen last: absolute, as the entry's own `source_path`.
    package var path: String
    /// SHA-256 of its bytes, as an entry's `content_hash`.
    package var contentHash: String
    package var fileSize: Int64

    package init(role: Role, path: String, contentHash: String, fileSize: Int64) {
        self.role = role
        self.path = path
        self.contentHash = contentHash
        self.fileSize = fileSize
    }

    enum CodingKeys: String, CodingKey {
        case role, path
        case contentHash = "content_hash"
        case fileSize = "file_size"
    }
}
