import DaybookCore

/// One entry waiting in the refinement queue for its full thumbnail, as the refiner needs it:
/// where its photo was seen last and which bytes the first look was taken from.
package struct RefinementTask: Sendable, Equatable {
    /// The queue's order; a run reads the queue in it, one batch after another.
    package let seq: Int64
    package let entryID: String
    /// The bytes the entry (and its first look) was made from: the file must still hold them.
    package let contentHash: String
    /// The longest side of the full thumbnail, as the ingest that queued it asked.
    package let thumbnailSide: Int
    package let sourcePath: String
    package let media: MediaKind
    /// The entry was stacked with a hash of its thumbnail at ingest (docs/stacks.md): the full
    /// thumbnail's hash takes its place.
    package let hasPerceptualHash: Bool
}

/// What a refinement makes of one entry, stored by `JournalStore.finishRefinement`.
package struct RefinedThumbnail: Sendable {
    package var task: RefinementTask
    /// The full thumbnail, already written under a temporary name, moved into place inside
    /// the transaction that dequeues the entry.
    package var temporary: TemporaryThumbnail
    package var thumbnailSize: (width: Int, height: Int)
    /// The shown frame size the full decode found (nil: keep the stored one).
    package var frame: (width: Int, height: Int)?
    /// The full thumbnail's perceptual hash (for an entry stacked at ingest).
    package var perceptualHash: Int64?

    package init(
        task: RefinementTask, temporary: TemporaryThumbnail, thumbnailSize: (width: Int, height: Int),
        frame: (width: Int, height: Int)?, perceptualHash: Int64?
    ) {
        self.task = task
        self.temporary = temporary
        self.thumbnailSize = thumbnailSize
        self.frame = frame
        self.perceptualHash = perceptualHash
    }
}

/// The queue at one moment. The entries refined since the queue was last empty stay counted,
/// so `refined` of `total` is the progress of the work in hand, whichever process does it.
package struct RefinementCounts: Sendable, Equatable {
    package var refined = 0
    /// Waiting for a refiner.
    package var waiting = 0
    /// Their file was gone or held other bytes: they wait for the photo to be seen again.
    package var stalled = 0

    package init(refined: Int = 0, waiting: Int = 0, stalled: Int = 0) {
        self.refined = refined
        self.waiting = waiting
        self.stalled = stalled
    }

    /// The work in hand: what was refined since the queue was last empty, and what waits.
    package var total: Int { refined + waiting }
}
