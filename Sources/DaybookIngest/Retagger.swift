import DaybookCore
import DaybookImaging
import DaybookStore
import DaybookTagging
import Foundation
import Synchronization

/// Re-runs the colour tagger over the whole journal, after its rules change.
///
/// Pixels come from the original photo when it is still where it was seen and unchanged
/// (same SHA-256), else from the stored thumbnail. User tags and user removals are kept.
package final class Retagger: Sendable {
    package enum PixelSource: String, Sendable { case photo, thumbnail }

    package enum Event: Sendable {
        case retagged(id: String, from: PixelSource, tags: [AutoTag])
        /// Neither a usable photo nor a thumbnail: the entry's tags are left as they were.
        case noPixels(id: String, reason: String)
        case failed(id: String, reason: String)
    }

    package struct Summary: Sendable, Equatable {
        package var fromPhotos = 0
        package var fromThumbnails = 0
        package var withoutPixels = 0
        package var failed = 0
        package var total: Int { fromPhotos + fromThumbnails + withoutPixels + failed }
    }

    let store: JournalStore
    let jobs: Int
    let tagger = ColourTagger()
    let thumbnailFiles: ThumbnailFiles

    package init(store: JournalStore, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        self.store = store
        self.jobs = jobs
        thumbnailFiles = try ThumbnailFiles(library: store.library)
    }

    package func run(onEvent: @escaping @Sendable (Event) -> Void = { _ in }) throws -> Summary {
        let ids = Mutex(try store.pictureEntryIDs()[...])
        let summary = Mutex(Summary())
        WorkerPool.runWaiting(jobs: jobs, next: { ids.withLock { $0.popFirst() } }) { id in
            let event = self.retag(id)
            summary.withLock { summary in
                switch event {
                case .retagged(_, .photo, _): summary.fromPhotos += 1
                case .retagged(_, .thumbnail, _): summary.fromThumbnails += 1
                case .noPixels: summary.withoutPixels += 1
                case .failed: summary.failed += 1
                }
                onEvent(event)
            }
        }
        return summary.withLock { $0 }
    }

    func retag(_ id: String) -> Event {
        do {
            guard let entry = try store.entry(id: id) else { return .failed(id: id, reason: "deleted meanwhile") }
            let pixels: (image: RGBImage?, source: PixelSource)
            // A video is opened, not read whole, as at ingest.
            if let file = try? PhotoFile.open(
                entry.sourcePath, maxBytes: 512 << 20, maxVideoBytes: IngestOptions.defaultMaxVideoFileBytes),
                (try? file.contentHash()) == entry.contentHash
            {
                // Through PhotoDecoder, as at ingest: a HEIC is decoded too, not just a JPEG.
                // A photo whose pixels were refused at ingest (truncated, too large) is refused
                // again here, and so gets no colour tags.
                // Tag at the size ingest tagged at, so the same photo gives the same tags.
                let side = max(entry.thumbnailWidth ?? 0, entry.thumbnailHeight ?? 0)
                let maker = ThumbnailMaker(longestSide: side > 0 ? side : ThumbnailMaker().longestSide)
                let photo: DecodablePhoto?
                switch file.contents {
                case .bytes(let bytes): photo = try? DecodablePhoto(bytes)
                case .video(let video): photo = (try? VideoFile(.file(video))).map(DecodablePhoto.video)
                }
                pixels = (photo.flatMap { try? maker.make($0, orientation: entry.orientation).image }, .photo)
            } else if let name = entry.thumbnailName, let bytes = try thumbnailFiles.read(name) {
                pixels = (try? JPEGDecoder.decode(bytes, minimumLongestSide: .max).image, .thumbnail)
            } else {
                return .noPixels(id: id, reason: "the photo is gone or changed (\(entry.sourcePath)) and there is no thumbnail")
            }
            let tags = pixels.image.map { tagger.tags(for: $0) } ?? []
            try store.replaceAutoTags(entryID: id, with: tags, taggerVersion: ColourTagger.version)
            return .retagged(id: id, from: pixels.source, tags: tags)
        } catch {
            return .failed(id: id, reason: "\(error)")
        }
    }
}
