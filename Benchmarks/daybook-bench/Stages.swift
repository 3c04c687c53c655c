import DaybookBenchSupport
import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookMetadata  // ExifReader, PhotoMetadata (a dependency of DaybookIngest)
import DaybookStore
import DaybookSupport
import DaybookTagging  // ColourTagger (a dependency of DaybookIngest)
import Foundation

/// What one photo carries from stage to stage in the per-stage breakdown.
struct PhotoWork {
    let path: String
    var bytes: [UInt8] = []
    var hash = ""
    var metadata = PhotoMetadata()
    var decoded: DecodedJPEG?
    /// The pixels as they go: decoded, then resized, then oriented.
    var image: RGBImage?
    var jpeg: [UInt8] = []
    var tags: [AutoTag] = []
    /// HEIC only: the file as libheif opened it, and the pixels it gave.
    var heif: HEIFFile?
    var heifPixels: HEIFPixels?

    init(path: String) { self.path = path }
}

/// One timed step of the ingest pipeline.
struct Stage {
    let name: String
    let run: (inout PhotoWork) throws -> Void

    init(_ name: String, _ run: @escaping (inout PhotoWork) throws -> Void) {
        self.name = name
        self.run = run
    }
}

/// The ingest pipeline cut into stages, in the ingester's order, single thread, in-process,
/// with the same library calls and settings as `Ingester` / `ThumbnailMaker`.
struct StageBreakdown {
    struct Row {
        let name: String
        let samples: [Double]  // seconds, one per photo
    }

    let photos: Int
    let rows: [Row]
    let totals: [Double]  // per photo, seconds

    static func measure(_ files: [String], store: JournalStore, thumbnailSize: Int) throws -> StageBreakdown {
        let maker = ThumbnailMaker(longestSide: thumbnailSize)

        // A new stage is one more line here, placed where the ingester runs it (as the
        // colour tagger is: one Stage line, plus a field in PhotoWork for what it makes).
        let stages: [Stage] =
            firstStages(store: store) + [
                Stage("EXIF read") { $0.metadata = ExifReader.read(jpeg: $0.bytes) },
                Stage("decode (DCT-scaled)") {
                    let decoded = try JPEGDecoder.decode(
                        $0.bytes, minimumLongestSide: maker.longestSide,
                        maxPixels: maker.maxPixels)
                    $0.decoded = decoded
                    $0.image = decoded.image
                },
                Stage("resize (box)") { $0.image = $0.image!.resized(toLongestSide: maker.longestSide) },
                Stage("orient") { $0.image = $0.image!.oriented($0.metadata.orientation) },
            ]
            + (try lastStages(store: store, maker: maker) { work in
                let frame = work.decoded!.frame
                return ((frame.width, frame.height), work.metadata.warnings + work.decoded!.warnings)
            })
        return try run(files, stages: stages)
    }

    /// Runs every stage on every file in turn, one sample per photo per stage.
    static func run(_ files: [String], stages: [Stage]) throws -> StageBreakdown {
        var samples = [[Double]](repeating: [], count: stages.count)
        var totals: [Double] = []
        for file in files {
            var work = PhotoWork(path: file)
            var total = 0.0
            for (index, stage) in stages.enumerated() {
                let start = monotonicSeconds()
                try stage.run(&work)
                let elapsed = monotonicSeconds() - start
                samples[index].append(elapsed)
                total += elapsed
            }
            totals.append(total)
        }
        return StageBreakdown(
            photos: files.count,
            rows: zip(stages, samples).map { Row(name: $0.name, samples: $1) },
            totals: totals)
    }

    /// Every format starts so: the file read once, hashed, looked up.
    static func firstStages(store: JournalStore) -> [Stage] {
        [
            Stage("read file") { $0.bytes = try readWholeFile($0.path) },
            Stage("SHA-256") { $0.hash = ContentHash.sha256Hex($0.bytes) },
            Stage("dedupe lookup") { _ = try store.entry(contentHash: $0.hash) },
        ]
    }

    /// And ends so, from the thumbnail's pixels in `PhotoWork.image`; `entryFacts` gives the
    /// stored pixel size and the problems to record.
    static func lastStages(
        store: JournalStore, maker: ThumbnailMaker, entryFacts: @escaping (PhotoWork) -> ((Int, Int), [String])
    ) throws -> [Stage] {
        let thumbnailFiles = try ThumbnailFiles(library: store.library)
        let tagger = ColourTagger()
        return [
            Stage("encode JPEG") { $0.jpeg = try JPEGEncoder.encode($0.image!, quality: maker.quality) },
            Stage("colour tags") { $0.tags = tagger.tags(for: $0.image!) },
            Stage("store (file + insert)") { work in
                // As Ingester: thumbnail to a temporary file, then one transaction that
                // inserts the entry and its tags and renames the thumbnail into place.
                let name = ThumbnailName(contentHash: work.hash)!
                let temporary = try thumbnailFiles.writeTemporary(work.jpeg)
                let (pixelSize, problems) = entryFacts(work)
                let entry = JournalEntry(
                    contentHash: work.hash, sourcePath: work.path, fileSize: Int64(work.bytes.count),
                    metadata: work.metadata, pixelSize: pixelSize, thumbnail: name.fileName,
                    thumbnailSize: (work.image!.width, work.image!.height), problems: problems)
                _ = try store.insert(entry, autoTags: work.tags, taggerVersion: ColourTagger.version) {
                    try thumbnailFiles.moveIntoPlace(temporary, name: name)
                }
                work.heif = nil  // a HEIC's libheif context is released here, as in the ingester
            },
        ]
    }

    /// What the baseline also does: the unavoidable part of an ingest.
    static let floorStages = ["read file", "SHA-256", "decode (DCT-scaled)"]

    /// Sum of the named stages' medians, seconds.
    func medianSum(of names: [String]) -> Double {
        rows.filter { names.contains($0.name) }.map { median($0.samples) }.reduce(0, +)
    }

    /// Median ms per photo per stage, mean, and each median's share of the sum of medians.
    func report() -> String {
        let medians = rows.map { median($0.samples) }
        let sum = medians.reduce(0, +)
        var lines = rows.enumerated().map { index, row in
            [
                row.name, fixed(medians[index] * 1000, 2), fixed(mean(row.samples) * 1000, 2),
                fixed(medians[index] / sum * 100, 1) + " %",
            ]
        }
        lines.append(["sum of medians", fixed(sum * 1000, 2), fixed(rows.map { mean($0.samples) }.reduce(0, +) * 1000, 2), "100.0 %"])
        return table(["stage", "median ms", "mean ms", "share"], lines)
    }

}
