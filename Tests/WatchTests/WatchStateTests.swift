import XCTest

@testable import DaybookWatch

/// The watcher's state machine, with time given by the test: nothing here sleeps.
final class WatchStateTests: XCTestCase {
    typealias Instant = ManualClock.Instant
    let t0 = Instant.zero
    let paths = ["/in/0.jpg", "/in/1.jpg", "/in/2.jpg"]

    func stamp(_ size: Int64, inode: UInt64 = 1) -> FileStamp {
        FileStamp(device: 1, inode: inode, size: size, modifiedNanos: 5_000_000_000)
    }

    func makeState(quiet: Duration = .milliseconds(50), rescan: Duration = .seconds(300)) -> WatchState<Instant> {
        WatchState(quietTime: quiet, maxDelay: .seconds(1), rescanInterval: rescan, firstRescanAt: t0 + rescan)
    }

    func testBatchWindowAndWorkersThatKeepTakingFiles() {
        var state = makeState()
        state.markReady([paths[0], paths[1], paths[0]], now: t0)
        XCTAssertEqual(
            state.nextWork(now: t0 + .milliseconds(49)), .wait(until: t0 + .milliseconds(50)),
            "the batch waits for the quiet window")
        let start = t0 + .milliseconds(50)
        XCTAssertEqual(state.nextWork(now: start), .batch)
        XCTAssertEqual(state.nextFile(now: start, idleSince: start, linger: .milliseconds(10)), .candidate(paths[0]))
        XCTAssertTrue(state.take(paths[0], stamp: stamp(10)))
        XCTAssertEqual(
            state.nextFile(now: start, idleSince: start, linger: .milliseconds(10)), .candidate(paths[1]),
            "a path queued twice is taken once")
        XCTAssertTrue(state.take(paths[1], stamp: stamp(11)))
        // A file arriving while the batch runs is taken by a lingering worker.
        XCTAssertEqual(state.nextFile(now: start, idleSince: start, linger: .seconds(1)), .wait(until: start + .seconds(1)))
        state.markReady([paths[2]], now: start + .milliseconds(50))
        XCTAssertEqual(state.nextFile(now: start + .milliseconds(50), idleSince: start, linger: .seconds(1)), .candidate(paths[2]))
        XCTAssertTrue(state.take(paths[2], stamp: stamp(12)))
        let idle = start + .milliseconds(60)
        XCTAssertEqual(state.nextFile(now: idle + .milliseconds(10), idleSince: idle, linger: .milliseconds(10)), .endBatch)
        state.finish(paths[0], .failed, now: idle)
        state.finish(paths[1], .stored, now: idle)
        state.finish(paths[2], .skipped, now: idle)
        // Unchanged files are passed over; a changed one is taken again.
        state.markReady(paths, now: idle)
        let again = idle + .milliseconds(50)
        XCTAssertEqual(state.nextWork(now: again), .batch)
        for (path, size) in zip(paths, [10, 99, 12] as [Int64]) {
            XCTAssertEqual(state.nextFile(now: again, idleSince: again, linger: .milliseconds(10)), .candidate(path))
            XCTAssertEqual(state.take(path, stamp: stamp(size)), size == 99, path)
        }
        XCTAssertEqual(state.nextFile(now: again + .milliseconds(10), idleSince: again, linger: .milliseconds(10)), .endBatch)
        XCTAssertFalse(state.take(paths[0], stamp: nil), "a file gone before it is read is not taken")
        state.requestStop()
        XCTAssertEqual(state.nextWork(now: again), .stop)
    }

    func testASteadyTrickleStartsItsBatchAfterTheMaximumDelay() {
        var state = makeState(quiet: .milliseconds(100))
        var now = t0
        for index in 0..<20 {
            state.markReady(["/in/\(index).jpg"], now: now)
            if case .batch = state.nextWork(now: now) { return XCTFail("batch before the window closed, at \(now)") }
            now = now + .milliseconds(60)
            if now.offset >= .seconds(1) { break }
        }
        XCTAssertEqual(state.nextWork(now: t0 + .milliseconds(999)), .wait(until: t0 + .seconds(1)))
        XCTAssertEqual(state.nextWork(now: t0 + .seconds(1)), .batch, "never quiet for 100 ms: the batch starts at 1 s")
    }

    func testMaintenanceEndsABatchAndRescansComeEveryInterval() {
        var state = makeState(rescan: .seconds(300))
        XCTAssertEqual(state.nextWork(now: t0), .wait(until: t0 + .seconds(300)))
        XCTAssertEqual(state.nextWork(now: t0 + .seconds(300)), .fullRescan)
        XCTAssertEqual(state.nextWork(now: t0 + .seconds(301)), .wait(until: t0 + .seconds(600)), "the next one an interval later")

        let now = t0 + .seconds(301)
        state.markReady([paths[0], paths[1]], now: now)
        state.recheck("/in/later.jpg", at: now + .seconds(2), context: .scan)
        let start = now + .milliseconds(50)
        XCTAssertEqual(state.nextWork(now: start), .batch)
        XCTAssertEqual(state.nextFile(now: start, idleSince: start, linger: .seconds(5)), .candidate(paths[0]))
        XCTAssertTrue(state.take(paths[0], stamp: stamp(1)))
        // Even with a file queued, a recheck that falls due ends the batch…
        XCTAssertEqual(state.nextFile(now: now + .seconds(2), idleSince: start, linger: .seconds(5)), .endBatch)
        XCTAssertEqual(state.nextWork(now: now + .seconds(2)), .recheck([.init(path: "/in/later.jpg", context: .scan)]))
        // …and so does a requested rescan (an overflow); the queued file waits for the next batch.
        state.requestFullRescan(afterOverflow: true)
        XCTAssertEqual(state.nextFile(now: now + .seconds(2), idleSince: start, linger: .seconds(5)), .endBatch)
        XCTAssertEqual(state.nextWork(now: now + .seconds(2)), .fullRescan)
        XCTAssertEqual(state.nextWork(now: now + .seconds(2)), .batch)
        XCTAssertEqual(state.nextFile(now: now + .seconds(2), idleSince: start, linger: .seconds(5)), .candidate(paths[1]))
        // A lingering worker wakes for the next maintenance, not later.
        XCTAssertEqual(
            state.nextFile(now: now + .seconds(2), idleSince: now + .seconds(2), linger: .seconds(900)),
            .wait(until: now + .seconds(302)))
    }

    func testAFileClosedAgainWhileInHandIsReadAgainAfterwards() {
        var state = makeState()
        state.markReady([paths[0]], now: t0)
        XCTAssertEqual(state.nextWork(now: t0 + .milliseconds(50)), .batch)
        XCTAssertEqual(state.nextFile(now: t0, idleSince: t0, linger: .zero), .candidate(paths[0]))
        XCTAssertTrue(state.take(paths[0], stamp: stamp(1)))
        XCTAssertTrue(state.isHandled(paths[0], stamp(7)), "in hand: a scan leaves it alone")
        state.markReady([paths[0]], now: t0 + .milliseconds(10))
        XCTAssertEqual(state.nextWork(now: t0 + .seconds(2)), .wait(until: t0 + .seconds(300)), "not queued while in hand")
        let finished = t0 + .seconds(2)
        state.finish(paths[0], .stored, now: finished)
        XCTAssertEqual(state.nextWork(now: finished + .milliseconds(50)), .batch, "queued again once finished")
        XCTAssertEqual(state.nextFile(now: finished, idleSince: finished, linger: .zero), .candidate(paths[0]))
        XCTAssertFalse(state.take(paths[0], stamp: stamp(1)), "unchanged after all: passed over")
        XCTAssertTrue(state.take(paths[0], stamp: stamp(2)))
    }

    /// A sidecar that arrives while its photo is being read: the watcher forgets the photo and
    /// queues it again; that read's stamp must not make the next one pass it over, or the
    /// sidecar is never read (SidecarWatchTests lost it so when the machine was busy).
    func testAPhotoForgottenWhileInHandIsReadAgainWithTheSameStamp() {
        var state = makeState()
        state.markReady([paths[0]], now: t0)
        XCTAssertEqual(state.nextWork(now: t0 + .milliseconds(50)), .batch)
        XCTAssertEqual(state.nextFile(now: t0, idleSince: t0, linger: .zero), .candidate(paths[0]))
        XCTAssertTrue(state.take(paths[0], stamp: stamp(1)))
        state.forget(paths[0])
        state.markReady([paths[0]], now: t0 + .milliseconds(10))
        let finished = t0 + .seconds(1)
        state.finish(paths[0], .stored, now: finished)
        XCTAssertEqual(state.nextWork(now: finished + .milliseconds(50)), .batch)
        XCTAssertEqual(state.nextFile(now: finished, idleSince: finished, linger: .zero), .candidate(paths[0]))
        XCTAssertTrue(state.take(paths[0], stamp: stamp(1)), "read again although its own stamp is unchanged")
        state.finish(paths[0], .stored, now: finished + .seconds(1))
        XCTAssertTrue(state.isHandled(paths[0], stamp(1)), "the second read is remembered as usual")
    }

    func testAFileCreatedButNeverClosedIsLookedAtAgain() {
        var state = makeState()
        state.noteCreated("/in/link.jpg", recheckAfter: .seconds(1), now: t0)
        XCTAssertTrue(state.isCreatedNotClosed("/in/link.jpg", maxAge: .seconds(600), now: t0 + .seconds(599)))
        XCTAssertEqual(state.nextWork(now: t0), .wait(until: t0 + .seconds(1)))
        XCTAssertEqual(state.nextWork(now: t0 + .seconds(1)), .recheck([.init(path: "/in/link.jpg", context: .createdNotClosed)]))
        XCTAssertFalse(
            state.isCreatedNotClosed("/in/link.jpg", maxAge: .seconds(600), now: t0 + .seconds(600)),
            "past the limit, rescans judge it by its time")
        state.noteCreated("/in/closed.jpg", recheckAfter: .seconds(1), now: t0)
        state.markReady(["/in/closed.jpg"], now: t0)
        XCTAssertFalse(state.isCreatedNotClosed("/in/closed.jpg", maxAge: .seconds(600), now: t0))
        XCTAssertEqual(state.nextWork(now: t0 + .seconds(1)), .batch, "its close replaced the recheck")
    }
}
