import DaybookImaging
import DaybookStore
import Foundation

/// What asking for a JPEG of an entry's photo gave.
enum Rendition {
    case jpeg([UInt8])
    /// The photo is no longer where the entry says, or its bytes changed since it was read
    /// (a rendition would show another picture).
    case originalMissing
    /// The photo is there but gives no pixels here: too big for the decode limits, or damaged.
    case refused(PhotoDecodeError)
}

/// JPEGs made on demand from entries' original photos through `PhotoDecoder`, whatever their
/// format, and kept in a library folder by content hash, written to a temporary name and
/// renamed into place. They decode under the limits given (the per-image ceiling and the
/// process-wide budget), so however many requests arrive at once, the server holds at most
/// the budget's worth of decoded frames.
final class RenditionCache: Sendable {
    let files: ThumbnailFiles
    private let maker: ThumbnailMaker

    init(files: ThumbnailFiles, maker: ThumbnailMaker) {
        self.files = files
        self.maker = maker
    }

    /// The JPEG already made, if there is one (a short read).
    func cached(for entry: JournalEntry) throws -> [UInt8]? {
        guard let name = ThumbnailName(contentHash: entry.contentHash) else { return nil }
        return try files.read(name, maxBytes: 512 << 20)
    }

    /// The cached JPEG, or one made now from the bytes `original` gives (nil: the photo is
    /// gone). Blocking (a decode): the server runs it on `BlockingPools.heavy`.
    func jpeg(for entry: JournalEntry, original: () -> [UInt8]?) throws -> Rendition {
        guard let name = ThumbnailName(contentHash: entry.contentHash) else { return .originalMissing }
        if let cached = try files.read(name, maxBytes: 512 << 20) { return .jpeg(cached) }
        guard let bytes = original() else { return .originalMissing }
        let made: Thumbnail
        do {
            // The stored orientation is the photo's EXIF one for a JPEG; the decoder leaves a
            // HEIF as libheif turned it.
            made = try maker.make(photo: bytes, orientation: entry.orientation)
        } catch {
            return .refused(error)
        }
        let temporary = try files.writeTemporary(made.jpeg)
        do {
            try files.moveIntoPlace(temporary, name: name)
        } catch {
            files.discard(temporary)
            throw error
        }
        return .jpeg(made.jpeg)
    }
}
