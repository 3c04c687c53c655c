import DaybookImaging
import DaybookIngest
import DaybookMetadata
import DaybookStore
import Foundation

extension StageBreakdown {
    /// The HEIC path of the ingest pipeline cut into stages, with the library calls
    /// `PhotoAnalyzer` makes: libheif opens the file once; the Exif item goes through the EXIF
    /// reader; the pixels are decoded (the thumbnail item when big enough, else the primary
    /// image at full size) and shrunk straight from libheif's buffer, so decode and resize
    /// are one stage.
    static func measureHEIC(_ files: [String], store: JournalStore, thumbnailSize: Int) throws -> StageBreakdown {
        let maker = ThumbnailMaker(longestSide: thumbnailSize)
        let stages: [Stage] =
            firstStages(store: store) + [
                Stage("libheif open") { $0.heif = try HEIFFile($0.bytes) },
                Stage("Exif item read") { work in
                    work.metadata = work.heif!.exif.map { ExifReader.read(heifExifItem: $0) } ?? PhotoMetadata()
                    work.metadata.orientation = .up
                },
                Stage("decode + shrink (libheif)") {
                    $0.heifPixels = try $0.heif!.pixels(longestSide: maker.longestSide, maxPixels: maker.maxPixels)
                    $0.image = $0.heifPixels!.image
                },
            ]
            + (try lastStages(store: store, maker: maker) { work in
                let shown = work.heifPixels!.shownSize
                return ((shown.width, shown.height), work.metadata.warnings + work.heifPixels!.warnings)
            })
        return try run(files, stages: stages)
    }
}
