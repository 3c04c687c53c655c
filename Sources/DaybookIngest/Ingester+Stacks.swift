import DaybookImaging
import DaybookStore

extension Ingester {
    /// Stores the thumbnail's perceptual hash and stacks the entry with the burst frames it
    /// links to (docs/stacks.md), in a transaction of its own after the entry's: a failure
    /// here leaves a good entry without a stack, which `daybook stack rebuild` completes.
    func stack(entryID: String, path: String, thumbnail: Thumbnail?, emit: @Sendable (IngestEvent) -> Void) {
        guard options.stacks else { return }
        let hash = thumbnail.flatMap { PerceptualHash(of: $0.image) }
        do {
            try store.stack(entryID: entryID, perceptualHash: hash?.signed)
        } catch {
            emit(.warning(path: path, message: "could not stack with nearby frames: \(error)"))
        }
    }
}
