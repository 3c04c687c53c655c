import DaybookImaging
import DaybookStore
import Foundation

/// The JPEGs the web journal makes of an entry's photo, each cached in the library by content
/// hash: the entry page's preview (`previews/`, longest side 1600), and the whole photo as a
/// JPEG (`jpeg-originals/`) for a browser that cannot show the original's format (HEIC).
/// Both decode through `PhotoDecoder`, the one ingest uses, under `limits`.
final class PreviewMaker: Sendable {
    static let longestSide = 1600
    let previews: RenditionCache
    let jpegOriginals: RenditionCache

    /// The previews folder (deleting an entry removes its preview).
    var files: ThumbnailFiles { previews.files }

    init(library: Library, limits: DecodeLimits = .standard) throws {
        previews = RenditionCache(
            files: try ThumbnailFiles.previews(of: library),
            maker: ThumbnailMaker(longestSide: Self.longestSide, quality: 85, limits: limits))
        jpegOriginals = RenditionCache(
            files: try ThumbnailFiles.jpegOriginals(of: library),
            maker: ThumbnailMaker(longestSide: PhotoDecoder.fullSize, quality: 90, limits: limits))
    }

    /// Once made, a preview is served from the cache even when the original has gone: it
    /// shows the photo the entry was made from, at a size meant for showing.
    func preview(for entry: JournalEntry, allowedFolders: [String]) throws -> Rendition {
        try previews.jpeg(for: entry) { OriginalPhoto.load(entry, allowedFolders: allowedFolders)?.bytes }
    }

    /// The whole photo as a JPEG, made from `original` (which the caller has loaded by the
    /// originals' rules, so the rendition is served exactly while the original would be).
    func jpegOriginal(for entry: JournalEntry, original: OriginalPhoto) throws -> Rendition {
        try jpegOriginals.jpeg(for: entry) { original.bytes }
    }
}
