import DaybookCore
import DaybookMetadata
import DaybookStore
import Foundation

extension Ingester {
    /// A stored photo's entry as reading its file now makes it (capture time, place, zone,
    /// camera), with a new id, and nothing stored: what a photo detached from words becomes
    /// again (`JournalStore.detachPhoto`). The sidecar beside it is read as ingest reads it,
    /// and an undated photo is dated by its name. Throws a `RereadError` naming the file when
    /// it cannot be read or no longer holds the stored bytes.
    public func reread(_ stored: JournalEntry) throws -> JournalEntry {
        let path = stored.sourcePath
        // Its path names its journal file, not a photo: nothing of the photo is on this device.
        guard !stored.isPhotoElsewhere, path.hasPrefix("/") else {
            throw RereadError(path: path, reason: "the photo is on another device; only its journal file is here")
        }
        let file: SourceFile, hash: String
        do {
            file = try PhotoFile.open(path, maxBytes: options.maxFileBytes, maxVideoBytes: options.maxVideoFileBytes)
            hash = try file.contentHash()
        } catch {
            throw RereadError(path: path, reason: error.reason)
        }
        guard hash == stored.contentHash else {
            throw RereadError(path: path, reason: "it holds other bytes than entry \(stored.shortID)'s photo now")
        }
        let modified = file.modified
        let sidecar = SidecarFiles.find(for: path, photoModified: modified)
        var metadata: PhotoMetadata
        do {
            switch file.contents {
            case .bytes(let bytes): metadata = try analyzer.analyze(bytes, sidecar: sidecar?.xmp).metadata
            case .video(let video): metadata = try analyzer.analyze(video: video, sidecar: sidecar?.xmp).metadata
            }
        } catch {
            throw RereadError(path: path, reason: error.reason)
        }
        if metadata.capture == nil {
            metadata.capture = UndatedFileDate.capture(path: path, modified: options.dateFromModificationTime ? modified : nil)
        }
        var entry = JournalEntry(
            contentHash: stored.contentHash, sourcePath: path, fileSize: stored.fileSize, metadata: metadata,
            pixelSize: nil, thumbnail: stored.thumbnail, thumbnailSize: nil, problems: [])
        placer.place(&entry)
        return entry
    }
}

/// Why a stored photo's file could not be read again: "PATH: REASON".
public struct RereadError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}
