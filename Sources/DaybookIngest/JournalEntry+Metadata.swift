import DaybookMetadata
import DaybookStore
import Foundation

// The mapping from what a photo says to a journal entry lives here, with the readers, so the
// store needs neither libexif nor the image libraries behind PhotoMetadata.
extension JournalEntry {
    /// A new entry for a photo just read, from its metadata.
    package init(
        id: String = UUID().uuidString.lowercased(), contentHash: String, sourcePath: String, fileSize: Int64,
        metadata: PhotoMetadata, pixelSize: (width: Int, height: Int)?, thumbnail: String?,
        thumbnailSize: (width: Int, height: Int)?, problems: [String], now: Date = Date()
    ) {
        self.init(
            id: id, contentHash: contentHash, sourcePath: sourcePath, fileSize: fileSize,
            capture: metadata.capture, location: metadata.location,
            locationSource: metadata.locationSource, cameraMake: metadata.make, cameraModel: metadata.model,
            orientation: metadata.orientation, pixelSize: pixelSize, thumbnail: thumbnail, thumbnailSize: thumbnailSize,
            problems: problems, now: now)
    }
}
