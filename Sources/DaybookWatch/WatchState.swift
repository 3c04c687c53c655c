import Foundation

/// Everything the watcher's threads share, behind one lock: the queue of files ready to be
/// ingested (the batcher), files to look at again later, files being ingested now, the
/// ledger, and the requests for a rescan or a stop.
///
/// Threads: the inotify reader and the scans put files in; the coordinator waits here for
/// work (`nextWork`); ingest workers take files out (`nextFile`) and report the outcome
/// (`finish`).
final class WatchState: @unchecked Sendable {
    enum Work: Equatable {
        case stop
        case fullRescan
        /// Files whose recheck time has come (found by a scan, or created without a close).
        case recheck([Recheck])
        /// Ready files are waiting and the batch window has closed.
        case batch
    }

    struct Recheck: Equatable {
        let path: String
        let context: FileReadiness.Context
    }

    private let condition = NSCondition()
    private let quietTime: Double
    private let maxDelay: Double

    // Guarded by `condition`.
    private var ready: [String] = []
    private var readyHead = 0
    private var readySet: Set<String> = []
    private var firstReadyAt: Date?
    private var lastReadyAt: Date?
    private var later: [String: (at: Date, context: FileReadiness.Context)] = [:]
    /// IN_CREATE seen, IN_CLOSE_WRITE not yet: the file may still be being written.
    private var createdNotClosed: [String: Date] = [:]
    private var inFlight: [String: FileStamp] = [:]
    private var againAfterFlight: Set<String> = []
    private var ledger = FileLedger()
    private var rescanRequested = false
    private var nextRescanAt: Date
    private var stopping = false

    init(quietTime: Double, maxDelay: Double, firstRescanAt: Date) {
        self.quietTime = quietTime
        self.maxDelay = maxDelay
        nextRescanAt = firstRescanAt
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // MARK: Putting files in

    /// Files whose writer is done (IN_CLOSE_WRITE, IN_MOVED_TO, or a scan that judged them
    /// ready). A file already queued is not queued twice; one being ingested is queued again
    /// after that ingest, in case it changed meanwhile.
    func markReady(_ paths: [String], now: Date = Date()) {
        guard !paths.isEmpty else { return }
        locked {
            for path in paths { enqueue(path, now: now) }
            condition.broadcast()
        }
    }

    private func enqueue(_ path: String, now: Date) {
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
    func recheck(_ path: String, at time: Date, context: FileReadiness.Context) {
        locked {
            guard !readySet.contains(path), inFlight[path] == nil else { return }
            if let existing = later[path], existing.at <= time { return }
            later[path] = (time, context)
            condition.broadcast()
        }
    }

    /// IN_CREATE of a file: remembered until it is closed, and looked at again in `delay`
    /// seconds in case no close comes (a hard link).
    func noteCreated(_ path: String, recheckAfter delay: Double, now: Date = Date()) {
        locked {
            createdNotClosed[path] = now
            guard !readySet.contains(path), inFlight[path] == nil else { return }
            later[path] = (now.addingTimeInterval(delay), .createdNotClosed)
            condition.broadcast()
        }
    }

    /// Whether inotify saw `path` created, less than `maxAge` seconds ago, and not closed since.
    func isCreatedNotClosed(_ path: String, maxAge: Double, now: Date = Date()) -> Bool {
        locked {
            guard let since = createdNotClosed[path] else { return false }
            if now.timeIntervalSince(since) < maxAge { return true }
            createdNotClosed[path] = nil
            return false
        }
    }

    /// Whether the ledger already has this exact version of the file.
    func isKnown(_ path: String, _ stamp: FileStamp) -> Bool {
        locked { ledger.isUnchanged(path, stamp) }
    }

    /// Whether the file is queued, in hand, or its stamp is in the ledger: a scan can skip it.
    func isHandled(_ path: String, _ stamp: FileStamp) -> Bool {
        locked { readySet.contains(path) || inFlight[path] != nil || ledger.isUnchanged(path, stamp) }
    }

    func forget(_ path: String) {
        locked {
            ledger.forget(path)
            later[path] = nil
            createdNotClosed[path] = nil
        }
    }

    func forget(under folder: String) {
        locked {
            ledger.forget(under: folder)
            let prefix = folder + "/"
            later = later.filter { !$0.key.hasPrefix(prefix) }
            createdNotClosed = createdNotClosed.filter { !$0.key.hasPrefix(prefix) }
        }
    }

    func seedLedger(path: String, size: Int64, entryWrittenAt: Int64) {
        locked { ledger.seed(path: path, size: size, entryWrittenAt: entryWrittenAt) }
    }

    /// After a full rescan: forget files that are no longer there.
    func keepOnly(_ present: Set<String>) {
        locked { ledger.keepOnly(present) }
    }

    var ledgerCount: Int { locked { ledger.count } }

    /// A full rescan soon. After an inotify overflow, closes may have been lost, so what was
    /// known about files created and not yet closed is dropped too.
    func requestFullRescan(afterOverflow: Bool = false) {
        locked {
            rescanRequested = true
            if afterOverflow { createdNotClosed.removeAll() }
            condition.broadcast()
        }
    }

    func requestStop() {
        locked {
            stopping = true
            condition.broadcast()
        }
    }

    var isStopping: Bool { locked { stopping } }

    // MARK: The coordinator

    /// Blocks until there is something to do.
    func nextWork(rescanInterval: Double) -> Work {
        locked {
            while true {
                if stopping { return .stop }
                let now = Date()
                if rescanRequested || now >= nextRescanAt {
                    rescanRequested = false
                    nextRescanAt = now.addingTimeInterval(rescanInterval)
                    return .fullRescan
                }
                let due = later.filter { $0.value.at <= now }
                if !due.isEmpty {
                    for path in due.keys { later[path] = nil }
                    return .recheck(due.map { Recheck(path: $0.key, context: $0.value.context) }.sorted { $0.path < $1.path })
                }
                var deadline = nextRescanAt
                if let first = firstReadyAt, let last = lastReadyAt, readyHead < ready.count {
                    let windowCloses = min(last.addingTimeInterval(quietTime), first.addingTimeInterval(maxDelay))
                    if windowCloses <= now { return .batch }
                    deadline = min(deadline, windowCloses)
                }
                if let soonest = later.values.map(\.at).min() { deadline = min(deadline, soonest) }
                _ = condition.wait(until: deadline)
            }
        }
    }

    /// Maintenance that ends a running batch: its workers finish their files and the
    /// coordinator runs the rescan or rechecks, then starts the next batch.
    private func maintenanceDue(_ now: Date) -> Bool {
        rescanRequested || now >= nextRescanAt || later.values.contains { $0.at <= now }
    }

    // MARK: Ingest workers

    /// The next file to ingest, or nil when the batch should end: stopping, maintenance due
    /// (checked first, so a steady stream of files cannot hold off rescans), or nothing new
    /// for `linger` seconds. A file whose stamp is in the ledger is passed over
    /// (already dealt with); its stamp is taken now, before it is read.
    func nextFile(linger: Double) -> String? {
        condition.lock()
        defer { condition.unlock() }
        let idleSince = Date()
        while true {
            if stopping || maintenanceDue(Date()) { return nil }
            if readyHead < ready.count {
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
                condition.unlock()
                let stamp = FileStamp.of(path)
                condition.lock()
                guard let stamp else { continue }
                if ledger.isUnchanged(path, stamp) { continue }
                if inFlight[path] != nil {
                    againAfterFlight.insert(path)
                    continue
                }
                inFlight[path] = stamp
                later[path] = nil
                return path
            }
            let now = Date()
            let giveUp = idleSince.addingTimeInterval(linger)
            if now >= giveUp { return nil }
            _ = condition.wait(until: giveUp)
        }
    }

    /// Records what happened to a file taken with `nextFile`. `moved` means it is no longer
    /// at `path` (`--move-to`), so there is nothing to remember about that path.
    func finish(_ path: String, _ outcome: FileLedger.Outcome, moved: Bool = false) {
        locked {
            guard let stamp = inFlight.removeValue(forKey: path) else { return }
            if moved { ledger.forget(path) } else { ledger.record(path, stamp, outcome) }
            if againAfterFlight.remove(path) != nil {
                enqueue(path, now: Date())
                condition.broadcast()
            }
        }
    }

    /// A file taken with `nextFile` and not read because it ends early and was written to
    /// moments ago. Nothing goes in the ledger: at `time` it is judged by the scan's rule
    /// (unchanged for the settle time, nobody writing it). A close that arrived while it was
    /// in hand queues it again at once; a later close clears the wait (`enqueue`).
    func postpone(_ path: String, until time: Date) {
        locked {
            guard inFlight.removeValue(forKey: path) != nil else { return }
            if againAfterFlight.remove(path) != nil {
                enqueue(path, now: Date())
            } else {
                later[path] = (time, .scan)
            }
            condition.broadcast()
        }
    }

    /// The stamp taken when a worker picked the file up.
    func stampInFlight(_ path: String) -> FileStamp? {
        locked { inFlight[path] }
    }
}
