import ArgumentParser
import DaybookIngest
import Foundation

/// How photos go through the pipeline, as taken by both `ingest` and `watch`.
struct PipelineOptions: ParsableArguments {
    @Option(name: .long, help: "Photos processed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Longest side of thumbnails, in pixels.")
    var thumbnailSize: Int = 400

    @Option(name: .long, help: "Refuse to decode images larger than this many megapixels.")
    var maxMegapixels: Int = 100

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Refuse to decode a JPEG that would need more than this many megabytes of memory.",
            discussion: """
                A progressive JPEG makes the decoder hold its whole frame: a 10000×10000 photo \
                of under 2 MB needs about 600 MB. Such a photo is stored with its metadata and \
                without a thumbnail, with a warning naming the file. Example: --max-decode-mb 700
                """))
    var maxDecodeMb: Int = IngestOptions.defaultMaxDecodeBytes / 1_000_000

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Date a photo that has no date in its metadata or its name by its file's modification time.",
            discussion: """
                Off by default: a copy or an edit changes the modification time, so it is the \
                weakest clue. For a folder of undated scans it still puts each on the timeline; \
                `daybook show` and --json give the date's source as `mtime`. A date in the file \
                name (Screenshot_20230114-101112.png, IMG_20230114_101112.jpg) is always read \
                first, as `filename`. Example: daybook ingest --date-from-mtime ~/Scans
                """))
    var dateFromMtime = false

    @Flag(
        name: .customLong("first-look"), inversion: .prefixedNo,
        help: ArgumentHelp(
            "Show each photo first by the small picture its file already holds (on by default).",
            discussion: """
                Decoding a whole photo is most of ingest's time: an iPhone HEIC is dozens of \
                tiles. Most photos also carry a small preview (a HEIC's thumbnail item, a \
                JPEG's EXIF thumbnail), which decodes in a fraction of that. So ingest stores \
                each entry with that preview as its thumbnail when it is the same picture \
                (upright, the photo's shape, at least 160 pixels long), and the journal is \
                browsable at once; the full-quality thumbnails are made next, in the \
                background of the same run (see --no-wait), or by `serve`, `watch` or \
                `daybook refine`. A photo without such a preview is decoded as always. \
                --no-first-look decodes every photo whole before its entry is stored. \
                Example: daybook ingest --no-first-look ~/Pictures/iPhone
                """))
    var firstLook = true

    // Only to measure what stacking costs (docs/stacks.md): entries stored so have no hash
    // until `daybook stack rebuild`.
    @Flag(name: .long, help: .hidden)
    var noStacks = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256.") }
        guard (16...4096).contains(thumbnailSize) else { throw ValidationError("--thumbnail-size must be between 16 and 4096.") }
        guard (1...1000).contains(maxMegapixels) else { throw ValidationError("--max-megapixels must be between 1 and 1000.") }
        guard (16...100_000).contains(maxDecodeMb) else { throw ValidationError("--max-decode-mb must be between 16 and 100000.") }
    }

    var ingestOptions: IngestOptions {
        var options = IngestOptions(
            jobs: jobs, thumbnailSize: thumbnailSize, maxPixels: maxMegapixels * 1_000_000,
            maxDecodeBytes: maxDecodeMb * 1_000_000)
        options.dateFromModificationTime = dateFromMtime
        options.stacks = !noStacks
        options.firstLook = firstLook
        return options
    }
}
