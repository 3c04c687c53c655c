import DaybookImaging
import DaybookIngest
import DaybookMetadata
import DaybookStore
import DaybookTagging
import Foundation

extension StageBreakdown {
    /// The HEIC path of the ingest pipeline cut into stages, with the library calls
    /// `PhotoAnalyzer` makes: libheif opens the file once; the Exif item goes through the EXIF
    /// reader; the pixels are decoded (the thumbnail item when big enough, else the primary
    /// image at full size) and shrunk straight from libheif's buffer, so decode and resize
    /// are one stage.
    static func measureHEIC(_ files: [String], store: JournalStore, thumbnailSize: Int) throws -> StageBreakdown {
        let maker = ThumbnailMaker(longestSide: thumbnailSize)
        let thumbnailFiles = try ThumbnailFiles(library: store.library)
        let tagger = ColourTagger()
        let stages: [Stage] = [
            Stage("read file") { $0.bytes = try readWholeFile($0.path) },
            Stage("SHA-256") { $0.hash = ContentHash.sha256Hex($0.bytes) },
            Stage("dedupe lookup") { _ = try store.entry(contentHash: $0.hash) },
            Stage("libheif open") { $0.heif = try HEIFFile($0.bytes) },
            Stage("Exif item read") { work in
                work.metadata = work.heif!.exif.map { ExifReader.read(heifExifItem: $0) } ?? PhotoMetadata()
                work.metadata.orientation = .up
            },
            Stage("decode + shrink (libheif)") {
                $0.heifPixels = try $0.heif!.pixels(longestSide: maker.longestSide, maxPixels: maker.maxPixels)
                $0.image = $0.heifPixels!.image
            },
            Stage("encode JPEG") { $0.jpeg = try JPEGEncoder.encode($0.image!, quality: maker.quality) },
            Stage("colour tags") { $0.tags = tagger.tags(for: $0.image!) },
            Stage("store (file + insert)") { work in
                let name = ThumbnailName(contentHash: work.hash)!
                let temporary = try thumbnailFiles.writeTemporary(work.jpeg)
                let shown = work.heifPixels!.shownSize
                let entry = JournalEntry(
                    contentHash: work.hash, sourcePath: work.path, fileSize: Int64(work.bytes.count),
                    metadata: work.metadata, pixelSize: (shown.width, shown.height), thumbnail: name.fileName,
                    thumbnailSize: (work.image!.width, work.image!.height), problems: work.metadata.warnings)
                _ = try store.insert(entry, autoTags: work.tags, taggerVersion: ColourTagger.version) {
                    try thumbnailFiles.moveIntoPlace(temporary, name: name)
                }
                work.heif = nil  // libheif's context is released here, as in the ingester
            },
        ]
        return try run(files, stages: stages)
    }
}
