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

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256.") }
        guard (16...4096).contains(thumbnailSize) else { throw ValidationError("--thumbnail-size must be between 16 and 4096.") }
        guard (1...1000).contains(maxMegapixels) else { throw ValidationError("--max-megapixels must be between 1 and 1000.") }
    }

    var ingestOptions: IngestOptions {
        IngestOptions(jobs: jobs, thumbnailSize: thumbnailSize, maxPixels: maxMegapixels * 1_000_000)
    }
}
