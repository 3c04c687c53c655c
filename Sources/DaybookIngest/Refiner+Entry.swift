import DaybookImaging
import DaybookStore
import Foundation

extension Refiner {
    /// Refines one queued entry; every way it can go is one `RefineOutcome`.
    ///
    /// A file that is gone, or holds other bytes, stalls the entry rather than dropping it:
    /// its first look is still a good thumbnail, a changed file is a new photo that ingest
    /// reads as such, and when the same bytes turn up at another path (an ingest or a watch
    /// notes the entry's new path) the entry waits again (`retryStalledRefinements`).
    func refine(_ task: RefinementTask) -> RefineOutcome {
        let id = task.entryID, path = task.sourcePath
        let options = ingester.options
        var info = stat()
        if stat(path, &info) != 0 && errno == ENOENT {
            return stall(task, reason: "the file is gone")
        }
        let file: SourceFile
        let hash: String
        do {
            file = try PhotoFile.open(path, maxBytes: options.maxFileBytes, maxVideoBytes: options.maxVideoFileBytes)
            hash = try file.contentHash()
        } catch {
            return stall(task, reason: error.reason)
        }
        guard hash == task.contentHash else { return stall(task, reason: "the file holds other bytes now") }
        let sidecar = SidecarFiles.find(
            for: path, raws: ingester.pairableRAWs(besidePhoto: path, bytes: file.leadingBytes), photoModified: file.modified)
        // The size the ingest that queued it asked for, whatever this process's own.
        var analyzer = analyzer
        analyzer.thumbnails.longestSide = task.thumbnailSide
        let analysis: PhotoAnalysis
        do {
            switch file.contents {
            case .bytes(let bytes): analysis = try analyzer.analyze(bytes, sidecar: sidecar?.xmp)
            case .video(let video): analysis = try analyzer.analyze(video: video, sidecar: sidecar?.xmp)
            }
        } catch {
            return keep(task, reason: error.reason)
        }
        guard file.isUnchanged() else { return stall(task, reason: "the file changed while it was read") }
        guard let thumbnail = analysis.thumbnail else { return keep(task, reason: analysis.damage ?? "no picture") }

        let files = ingester.thumbnailFiles
        let temporary: TemporaryThumbnail
        do {
            temporary = try files.writeTemporary(thumbnail.jpeg, durable: true)
        } catch {
            return .failed(entryID: id, reason: "\(error)")
        }
        let perceptualHash = task.hasPerceptualHash && task.media == .photo ? PerceptualHash(of: thumbnail.image)?.signed : nil
        let refined = RefinedThumbnail(
            task: task, temporary: temporary, thumbnailSize: (thumbnail.image.width, thumbnail.image.height),
            frame: analysis.frame.map { ($0.width, $0.height) }, perceptualHash: perceptualHash)
        do {
            if try store.finishRefinement(refined, files: files) { return .refined(entryID: id) }
            files.discard(temporary)
            return .superseded(entryID: id)
        } catch {
            files.discard(temporary)
            // The full thumbnail may have been moved into place before the commit failed:
            // harmless (the entry is refined again), but not the folder the repair last saw.
            files.doubtWitness()
            return .failed(entryID: id, reason: "\(error)")
        }
    }

    private func stall(_ task: RefinementTask, reason: String) -> RefineOutcome {
        do {
            try store.stallRefinement(task, path: task.sourcePath, reason: reason)
            return .stalled(entryID: task.entryID, path: task.sourcePath, reason: reason)
        } catch {
            return .failed(entryID: task.entryID, reason: "\(error)")
        }
    }

    private func keep(_ task: RefinementTask, reason: String) -> RefineOutcome {
        do {
            try store.keepFirstLook(task)
            return .keptFirstLook(entryID: task.entryID, reason: reason)
        } catch {
            return .failed(entryID: task.entryID, reason: "\(error)")
        }
    }
}
