import DaybookStore
import Foundation

/// The one thread of an `ingest(paths:)` run that stores what the workers prepared, several
/// photos per transaction. A commit writes every index leaf and full-text segment it touched,
/// whatever it holds, a cost that grows with the journal; a commit per photo would pay it for
/// every photo.
///
/// The lane takes what is waiting once `maxGroup` photos are, or `window` after the first of
/// them arrived, or when the workers are done; commits them (`JournalStore.save(group:)`);
/// then finishes each, in order: its RAW and Live Photo files, then its event. So a photo's
/// "stored" event always comes after its commit. At most `capacity` photos wait: a worker
/// with another one waits for room, which bounds the memory a fast scan can hold.
final class SaveLane<Photo: Sendable>: @unchecked Sendable {
    // The variables are guarded by `condition`; the constants are immutable.
    private let condition = NSCondition()
    private var waiting: [Photo] = []
    private var closed = false
    /// A group taken from `waiting` and not yet finished.
    private var storing = false
    /// Callers of `settle()` waiting: the lane stores what it has without waiting for more.
    private var settling = 0
    private let drained = DispatchSemaphore(value: 0)
    private let maxGroup: Int
    private let capacity: Int
    private let window: TimeInterval

    init(maxGroup: Int = SaveLaneDefaults.maxGroup, window: TimeInterval = SaveLaneDefaults.window) {
        self.maxGroup = max(1, maxGroup)
        capacity = 2 * self.maxGroup
        self.window = window
    }

    /// Starts the lane's thread: `store` commits one group and finishes its photos.
    func start(store: @escaping @Sendable ([Photo]) -> Void) {
        Thread.detachNewThread {
            while let group = self.nextGroup() {
                store(group)
                self.condition.lock()
                self.storing = false
                self.condition.broadcast()
                self.condition.unlock()
            }
            self.drained.signal()
        }
    }

    /// Returns once every photo handed to the lane so far is stored and finished. A RAW or a
    /// Live Photo movie read beside its photo asks first, so that it finds the photo's entry
    /// if the photo was read before it, and a run reports the pair as if every photo were
    /// stored as soon as it was read.
    func settle() {
        condition.lock()
        settling += 1
        condition.broadcast()
        while !waiting.isEmpty || storing { condition.wait() }
        settling -= 1
        condition.unlock()
    }

    /// Hands a prepared photo to the lane; waits while `capacity` photos are waiting already.
    func submit(_ photo: Photo) {
        condition.lock()
        while waiting.count >= capacity && !closed { condition.wait() }
        waiting.append(photo)
        condition.broadcast()
        condition.unlock()
    }

    /// No more photos (every `submit` has returned): returns once every waiting one is stored
    /// and finished.
    @available(*, noasync, message: "blocks its thread until the last group is stored")
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        drained.wait()
    }

    /// The next group, once it is full, its window has passed or the lane is closed; nil when
    /// the lane is closed and empty.
    private func nextGroup() -> [Photo]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed { condition.wait() }
        if waiting.isEmpty { return nil }
        let deadline = Date(timeIntervalSinceNow: window)
        while waiting.count < maxGroup && !closed && settling == 0 && condition.wait(until: deadline) {}
        let group = Array(waiting.prefix(maxGroup))
        waiting.removeFirst(group.count)
        storing = true
        condition.broadcast()
        return group
    }
}

/// How large a group `SaveLane` makes, and how long it waits for one.
enum SaveLaneDefaults {
    /// 32 photos or 150 ms: a commit's own cost grows with the journal; shared by 32 photos it
    /// is small beside their reading, and a photo waits at most a fraction of a second for its
    /// event.
    static let maxGroup = 32
    static let window: TimeInterval = 0.15
}
