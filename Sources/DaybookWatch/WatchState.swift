/// The watcher's bookkeeping as a pure state machine: the queue of files ready to be ingested
/// (the batcher), files to look at again later, files being ingested now, the ledger, and
/// the requests for a rescan or a stop.
///
/// Nothing here reads a clock, waits or touches the file system: every event carries the
/// time it happened (`now`), and the two questions the watcher asks (`nextWork`, `nextFile`)
/// answer with a decision or with the instant until which nothing can change but new events.
/// `SharedWatchState` shares it between tasks and does the waiting on an injected clock.
struct WatchState<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    enum Work: Equatable {
        case stop
        case fullRescan
        /// Files whose recheck time has come (found by a scan, or created without a close).
        case recheck([Recheck])
        /// Ready files are waiting and the batch window has closed.
        case batch
        /// Nothing to do before this instant, unless an event comes first.
        case wait(until: Instant)
    }

    /// What an ingest worker should do next.
    enum Pull: Equatable {
        /// Take this file, once `take(_:stamp:)` has accepted its stamp.
        case candidate(String)
        /// End the batch: stopping, maintenance due, or nothing new for the linger time.
        case endBatch
        /// Nothing queued; give up at this instant unless an event comes first.
        case wait(until: Instant)
    }

    struct Recheck: Equatable {
        let path: String
        let context: FileReadiness.Context
    }

    private let quietTime: Duration
    private let maxDelay: Duration
    private let rescanInterval: Duration

    private var ready: [String] = []
    private var readyHead = 0
    private var readySet: Set<String> = []
    private var firstReadyAt: Instant?
    private var lastReadyAt: Instant?
    private var later: [String: (at: Instant, context: FileReadiness.Context)] = [:]
    /// IN_CREATE seen, IN_CLOSE_WRITE not yet: the file may still be being written.
    private var createdNotClosed: [String: Instant] = [:]
    private var inFlight: [String: FileStamp] = [:]
    private var againAfterFlight: Set<String> = []
    /// Forgotten while in hand (a sidecar arrived for a photo being read): that read may have
    /// missed it, so its stamp must not go in the ledger, or the photo queued again after it
    /// would be passed over as unchanged.
    private var forgottenInFlight: Set<String> = []
    private var ledger = FileLedger()
    private var rescanRequested = false
    private var nextRescanAt: Instant
    private(set) var isStopping = false

    init(quietTime: Duration, maxDelay: Duration, rescanInterval: Duration, firstRescanAt: Instant) {
        self.quietTime = quietTime
        self.maxDelay = maxDelay
        self.rescanInterval = rescanInterval
        nextRescanAt = firstRescanAt
    }

    // MARK: Putting files in

    /// Files whose writer is done (IN_CLOSE_WRITE, IN_MOVED_TO, or a scan that judged them
    /// ready). A file already queued is not queued twice; one being ingested is queued again
    /// after that ingest, in case it changed meanwhile.
    mutating func markReady(_ paths: [String], now: Instant) {
        for path in paths { enqueue(path, now: now) }
    }

    private mutating func enqueue(_ path: String, now: Instant) {
        later[path] = nil
        createdNotClosed[path] = nil
        if inFlight[path] != nil {
            againAfterFlight.insert(path)
            return
        }
        guard readySet.insert(path).inserted else { return }
        ready.append(path)
        if firstReadyAt == nil { firstReadyAt = now }
        lastReadyAt = now
    }

    /// Looks at `path` again at `time` (unless it is queued or in hand by then).
    mutating func recheck(_ path: String, at time: Instant, context: FileReadiness.Context) {
        guard !readySet.contains(path), inFlight[path] == nil else { return }
        if let existing = later[path], existing.at <= time { return }
        later[path] = (time, context)
    }

    /// IN_CREATE of a file: remembered until it is closed, and looked at again after `delay`
    /// in case no close comes (a hard link).
    mutating func noteCreated(_ path: String, recheckAfter delay: Duration, now: Instant) {
        createdNotClosed[path] = now
        guard !readySet.contains(path), inFlight[path] == nil else { return }
        later[path] = (now.advanced(by: delay), .createdNotClosed)
    }

    /// Whether inotify saw `path` created, less than `maxAge` ago, and not closed since.
    mutating func isCreatedNotClosed(_ path: String, maxAge: Duration, now: Instant) -> Bool {
        guard let since = createdNotClosed[path] else { return false }
        if since.duration(to: now) < maxAge { return true }
        createdNotClosed[path] = nil
        return false
    }

    /// Whether the file is queued, in hand, or its stamp is in the ledger: a scan can skip it.
    func isHandled(_ path: String, _ stamp: FileStamp) -> Bool {
        readySet.contains(path) || inFlight[path] != nil || ledger.isUnchanged(path, stamp)
    }

    mutating func forget(_ path: String) {
        ledger.forget(path)
        if inFlight[path] != nil { forgottenInFlight.insert(path) }
        later[path] = nil
        createdNotClosed[path] = nil
    }

    mutating func forget(under folder: String) {
        ledger.forget(under: folder)
        let prefix = folder + "/"
        forgottenInFlight.formUnion(inFlight.keys.filter { $0.hasPrefix(prefix) })
        later = later.filter { !$0.key.hasPrefix(prefix) }
        createdNotClosed = createdNotClosed.filter { !$0.key.hasPrefix(prefix) }
    }

    mutating func seedLedger(path: String, size: Int64, entryWrittenAt: Int64) {
        ledger.seed(path: path, size: size, entryWrittenAt: entryWrittenAt)
    }

    /// After a full rescan: forget files that are no longer there.
    mutating func keepOnly(_ present: Set<String>) {
        ledger.keepOnly(present)
    }

    /// A full rescan soon. After an inotify overflow, closes may have been lost, so what was
    /// known about files created and not yet closed is dropped too.
    mutating func requestFullRescan(afterOverflow: Bool = false) {
        rescanRequested = true
        if afterOverflow { createdNotClosed.removeAll() }
    }

    mutating func requestStop() {
        isStopping = true
    }

    // MARK: The coordinator

    /// What the coordinator does next: stop, rescan, recheck, run a batch, or wait.
    mutating func nextWork(now: Instant) -> Work {
        if isStopping { return .stop }
        if rescanRequested || now >= nextRescanAt {
            rescanRequested = false
            nextRescanAt = now.advanced(by: rescanInterval)
            return .fullRescan
        }
        let due = later.filter { $0.value.at <= now }
        if !due.isEmpty {
            for path in due.keys { later[path] = nil }
            return .recheck(due.map { Recheck(path: $0.key, context: $0.value.context) }.sorted { $0.path < $1.path })
        }
        var deadline = nextRescanAt
        if let first = firstReadyAt, let last = lastReadyAt, readyHead < ready.count {
            let windowCloses = min(last.advanced(by: quietTime), first.advanced(by: maxDelay))
            if windowCloses <= now { return .batch }
            deadline = min(deadline, windowCloses)
        }
        if let soonest = later.values.map(\.at).min() { deadline = min(deadline, soonest) }
        return .wait(until: deadline)
    }

    /// The earliest instant at which maintenance (a rescan or a recheck) falls due.
    private var nextMaintenance: Instant {
        later.values.map(\.at).min().map { min($0, nextRescanAt) } ?? nextRescanAt
    }

    // MARK: Ingest workers

    /// The next file for a worker idle since `idleSince`, or the end of the batch: stopping,
    /// maintenance due (checked first, so a steady stream of files cannot hold off rescans),
    /// or nothing new for `linger`. Maintenance ends a running batch: its workers finish
    /// their files and the coordinator runs the rescan or rechecks, then the next batch.
    mutating func nextFile(now: Instant, idleSince: Instant, linger: Duration) -> Pull {
        if isStopping || rescanRequested || nextMaintenance <= now { return .endBatch }
        while readyHead < ready.count {
            let path = ready[readyHead]
            readyHead += 1
            readySet.remove(path)
            if readyHead == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyHead = 0
                firstReadyAt = nil
                lastReadyAt = nil
            } else if readyHead > 4096 {
                ready.removeFirst(readyHead)
                readyHead = 0
            }
            if inFlight[path] != nil {
                againAfterFlight.insert(path)
                continue
            }
            return .candidate(path)
        }
        let giveUp = idleSince.advanced(by: linger)
        if now >= giveUp { return .endBatch }
        return .wait(until: min(giveUp, nextMaintenance))
    }

    /// Takes a `candidate` in hand with the stamp taken just before it is read; false when
    /// it is gone (nil), already dealt with (its stamp is in the ledger), or in hand already.
    mutating func take(_ path: String, stamp: FileStamp?) -> Bool {
        guard let stamp, !ledger.isUnchanged(path, stamp) else { return false }
        if inFlight[path] != nil {
            againAfterFlight.insert(path)
            return false
        }
        inFlight[path] = stamp
        later[path] = nil
        return true
    }

    /// Records what happened to a file taken with `take`. `moved` means it is no longer at
    /// `path` (`--move-to`), so there is nothing to remember about that path.
    mutating func finish(_ path: String, _ outcome: FileLedger.Outcome, moved: Bool = false, now: Instant) {
        guard let stamp = inFlight.removeValue(forKey: path) else { return }
        let forgotten = forgottenInFlight.remove(path) != nil
        if moved || forgotten { ledger.forget(path) } else { ledger.record(path, stamp, outcome) }
        if againAfterFlight.remove(path) != nil { enqueue(path, now: now) }
    }

    /// A file taken and not read because it ends early and was written to moments ago.
    /// Nothing goes in the ledger: at `time` it is judged by the scan's rule (unchanged for
    /// the settle time, nobody writing it). A close that arrived while it was in hand queues
    /// it again at once; a later close clears the wait (`enqueue`).
    mutating func postpone(_ path: String, until time: Instant, now: Instant) {
        guard inFlight.removeValue(forKey: path) != nil else { return }
        if againAfterFlight.remove(path) != nil {
            enqueue(path, now: now)
        } else {
            later[path] = (time, .scan)
        }
    }
}
