import DaybookImaging
import DaybookIngest
import DaybookStore
import Foundation

/// Large previews for entry pages, made on demand from the original photo at a reduced DCT
/// scale (libjpeg decodes only what the size needs) and kept in the library's `previews/`
/// by content hash, written to a temporary name and renamed into place. A preview decodes
/// under the same limits as ingest (`DecodeLimits.standard`: the per-image ceiling and the
/// process-wide `DecodeBudget.shared`), so however many preview requests arrive at once, the
/// server holds at most the budget's worth of decoded frames.
final class PreviewMaker: Sendable {
    static let longestSide = 1600
    let files: ThumbnailFiles
    private let maker = ThumbnailMaker(longestSide: PreviewMaker.longestSide, quality: 85, limits: .standard)

    init(library: Library) throws {
        files = try ThumbnailFiles.previews(of: library)
    }

    /// The preview's JPEG bytes, made now if not cached. Nil when the photo is no longer
    /// where the entry says, or its bytes changed since it was read (the preview would show
    /// another picture).
    func preview(for entry: JournalEntry, name: ThumbnailName, allowedFolders: [String]) throws -> [UInt8]? {
        if let cached = try files.read(name) { return cached }
        guard let bytes = OriginalPhoto.load(entry, allowedFolders: allowedFolders)?.bytes else { return nil }
        let preview = try maker.make(from: bytes, orientation: entry.orientation)
        let temporary = try files.writeTemporary(preview.jpeg)
        do {
            try files.moveIntoPlace(temporary, name: name)
        } catch {
            files.discard(temporary)
            throw error
        }
        return preview.jpeg
    }
}
