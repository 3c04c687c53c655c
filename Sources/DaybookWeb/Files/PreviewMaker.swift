import DaybookImaging
import DaybookStore
import Foundation

/// The JPEGs the web journal makes of an entry's photo, each cached in the library by content
/// hash: the entry page's preview (`previews/`, longest side 1600), and the whole photo as a
/// JPEG (`jpeg-originals/`) for a browser that cannot show the original's format (HEIC).
/// Both decode through `PhotoDecoder`, the one ingest uses, under `limits`.
final class PreviewMaker: Sendable {
    static let longestSide = 1600
    static let video = PhotoDecodeError.notAPhoto("a video has no still preview: its poster frame is the thumbnail")
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
    /// shows the photo the entry was made from, at a size meant for showing. Blocking.
    func preview(for entry: JournalEntry, allowedFolders: [String], checks: OriginalChecks) throws -> Rendition {
        // Never read a video whole to find it is not a photo.
        guard entry.media == .photo else { return .refused(Self.video) }
        return try previews.jpeg(for: entry) {
            try? OriginalPhoto.load(entry, allowedFolders: allowedFolders, checks: checks)?.file.readAll()
        }
    }

    /// `preview` for a request: a cached one is read on the files pool; a new one is made on
    /// the heavy pool, which bounds how many decodes run at once.
    func servedPreview(for entry: JournalEntry, allowedFolders: [String], checks: OriginalChecks) async throws -> Rendition {
        if let cached = try await BlockingPools.files.runIfActive({ try self.previews.cached(for: entry) }) { return .jpeg(cached) }
        return try await BlockingPools.heavy.runIfActive { try self.preview(for: entry, allowedFolders: allowedFolders, checks: checks) }
    }

    /// The whole photo as a JPEG, made from `original` (which the caller has loaded by the
    /// originals' rules, so the rendition is served exactly while the original would be),
    /// cached or made as `servedPreview` is.
    func servedJPEGOriginal(for entry: JournalEntry, original: OriginalPhoto) async throws -> Rendition {
        guard entry.media == .photo else { return .refused(Self.video) }
        if let cached = try await BlockingPools.files.runIfActive({ try self.jpegOriginals.cached(for: entry) }) { return .jpeg(cached) }
        return try await BlockingPools.heavy.runIfActive {
            try self.jpegOriginals.jpeg(for: entry) { try? original.file.readAll() }
        }
    }
}
