import Synchronization

/// `WatchState` shared by the watcher's tasks (the inotify reader and the scans put files in,
/// the coordinator waits for work, ingest workers take files and report outcomes), behind one
/// lock, with time read from and waited on an injected clock: `ContinuousClock` in production,
/// a test clock in tests.
///
/// Every event bumps a generation and wakes the waiting tasks; each then decides again with
/// the clock's `now`. A task that saw an older generation when it decided to wait does not
/// wait at all, so no event falls between deciding and waiting.
final class SharedWatchState<C: Clock>: Sendable where C.Duration == Duration {
    typealias State = WatchState<C.Instant>

    private struct Guarded {
        var state: State
        var generation: UInt64 = 0
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    let clock: C
    private let guarded: Mutex<Guarded>

    init(clock: C, quietTime: Duration, maxDelay: Duration, rescanInterval: Duration) {
        self.clock = clock
        guarded = Mutex(
            Guarded(
                state: State(
                    quietTime: quietTime, maxDelay: maxDelay, rescanInterval: rescanInterval,
                    firstRescanAt: clock.now.advanced(by: rescanInterval))))
    }

    /// Applies an event at the clock's `now` and wakes every waiting task.
    @discardableResult
    private func update<T: Sendable>(_ event: (inout State, C.Instant) -> T) -> T {
        let now = clock.now
        let (result, woken) = guarded.withLock { guarded in
            let result = event(&guarded.state, now)
            guarded.generation &+= 1
            defer { guarded.waiters.removeAll() }
            return (result, Array(guarded.waiters.values))
        }
        for waiter in woken { waiter.resume() }
        return result
    }

    /// A decision (it may change the state, but gives no other task anything new to do),
    /// with the generation it was made at.
    private func decide<T: Sendable>(_ question: (inout State, C.Instant) -> T) -> (T, UInt64) {
        let now = clock.now
        return guarded.withLock { guarded in (question(&guarded.state, now), guarded.generation) }
    }

    private func read<T: Sendable>(_ question: (State) -> T) -> T {
        guarded.withLock { question($0.state) }
    }

    // MARK: Events

    func markReady(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        update { $0.markReady(paths, now: $1) }
    }

    func recheck(_ path: String, after delay: Duration, context: FileReadiness.Context) {
        update { $0.recheck(path, at: $1.advanced(by: delay), context: context) }
    }

    func noteCreated(_ path: String, recheckAfter delay: Duration) {
        update { $0.noteCreated(path, recheckAfter: delay, now: $1) }
    }

    func forget(_ path: String) { update { state, _ in state.forget(path) } }
    func forget(under folder: String) { update { state, _ in state.forget(under: folder) } }
    func keepOnly(_ present: Set<String>) { update { state, _ in state.keepOnly(present) } }

    func seedLedger(path: String, size: Int64, entryWrittenAt: Int64) {
        update { state, _ in state.seedLedger(path: path, size: size, entryWrittenAt: entryWrittenAt) }
    }

    func requestFullRescan(afterOverflow: Bool = false) {
        update { state, _ in state.requestFullRescan(afterOverflow: afterOverflow) }
    }

    func requestStop() { update { state, _ in state.requestStop() } }

    func take(_ path: String, stamp: FileStamp?) -> Bool {
        decide { state, _ in state.take(path, stamp: stamp) }.0
    }

    func finish(_ path: String, _ outcome: FileLedger.Outcome, moved: Bool = false) {
        update { $0.finish(path, outcome, moved: moved, now: $1) }
    }

    func postpone(_ path: String, for delay: Duration) {
        update { $0.postpone(path, until: $1.advanced(by: delay), now: $1) }
    }

    // MARK: Questions

    var isStopping: Bool { read(\.isStopping) }

    func isHandled(_ path: String, _ stamp: FileStamp) -> Bool { read { $0.isHandled(path, stamp) } }

    func isCreatedNotClosed(_ path: String, maxAge: Duration) -> Bool {
        decide { $0.isCreatedNotClosed(path, maxAge: maxAge, now: $1) }.0
    }

    /// The coordinator's next work; suspends while there is none. A cancelled task stops
    /// (rather than spin: its waits would end at once).
    func nextWork() async -> State.Work {
        while true {
            let (work, generation) = decide { $0.nextWork(now: $1) }
            guard case .wait(let deadline) = work else { return work }
            if Task.isCancelled { return .stop }
            await waitForEvent(after: generation, until: deadline)
        }
    }

    /// The next file queued for a worker idle since `idleSince` (not yet taken: see `take`),
    /// or nil when the batch ends (or the task is cancelled); suspends while the queue is
    /// empty and the worker lingers.
    func nextCandidate(idleSince: C.Instant, linger: Duration) async -> String? {
        while true {
            let (pull, generation) = decide { $0.nextFile(now: $1, idleSince: idleSince, linger: linger) }
            switch pull {
            case .candidate(let path): return path
            case .endBatch: return nil
            case .wait(let deadline):
                if Task.isCancelled { return nil }
                await waitForEvent(after: generation, until: deadline)
            }
        }
    }

    // MARK: Waiting

    /// Returns at the first event after `generation`, or at `deadline` on the clock.
    private func waitForEvent(after generation: UInt64, until deadline: C.Instant) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.event(after: generation) }
            group.addTask { try? await self.clock.sleep(until: deadline, tolerance: nil) }
            await group.next()
            group.cancelAll()
        }
    }

    private func event(after generation: UInt64) async {
        let id = guarded.withLock { guarded in
            defer { guarded.nextWaiterID &+= 1 }
            return guarded.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                // Cancellation is checked under the lock: a cancel handler that ran before
                // this found nothing to resume, so this must not wait.
                let now = guarded.withLock { guarded in
                    guard guarded.generation == generation, !Task.isCancelled else { return true }
                    guarded.waiters[id] = waiter
                    return false
                }
                if now { waiter.resume() }
            }
        } onCancel: {
            guarded.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
