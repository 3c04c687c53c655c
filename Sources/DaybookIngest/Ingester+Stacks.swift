import DaybookImaging
import DaybookStore

extension Ingester {
    /// What stacking a new photo with the burst frames it links to needs (docs/stacks.md): its
    /// thumbnail's perceptual hash and Apple's burst identifier. The store stacks it in a
    /// savepoint after the entry's own writes: a failure there leaves a good entry without a
    /// stack, which `daybook stack rebuild` completes. Nil when stacks are off or for a video.
    func stackRequest(for entry: JournalEntry, thumbnail: Thumbnail?, burstID: String?) -> StackRequest? {
        guard options.stacks, entry.media == .photo else { return nil }
        let hash = thumbnail.flatMap { PerceptualHash(of: $0.image) }
        return StackRequest(perceptualHash: hash?.signed, burstID: burstID)
    }
}
