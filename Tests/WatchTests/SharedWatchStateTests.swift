import XCTest

@testable import DaybookWatch

/// The state shared between the watcher's tasks, waiting on a clock the test moves: a wait
/// ends at its deadline on that clock or at the first event, and never takes real time.
final class SharedWatchStateTests: XCTestCase {
    func makeShared(_ clock: ManualClock) -> SharedWatchState<ManualClock> {
        SharedWatchState(clock: clock, quietTime: .milliseconds(100), maxDelay: .seconds(1), rescanInterval: .seconds(300))
    }

    func testTheCoordinatorWaitsOutTheBatchWindowOnTheClock() async {
        let clock = ManualClock()
        let shared = makeShared(clock)
        shared.markReady(["/in/a.jpg"])
        async let work = shared.nextWork()
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(99))
        await Task.yield()
        XCTAssertEqual(clock.sleeperCount, 1, "still waiting 1 ms before the window closes")
        clock.advance(by: .milliseconds(1))
        let result = await work
        XCTAssertEqual(result, .batch)
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testALingeringWorkerTakesANewFileAtOnceAndGivesUpOnTheClock() async {
        let clock = ManualClock()
        let shared = makeShared(clock)
        let idle = clock.now
        async let first = shared.nextCandidate(idleSince: idle, linger: .milliseconds(300))
        await clock.waitForSleepers(1)
        shared.markReady(["/in/b.jpg"])
        let taken = await first
        XCTAssertEqual(taken, "/in/b.jpg", "woken by the file, with no time passed")
        XCTAssertTrue(shared.take("/in/b.jpg", stamp: FileStamp(device: 1, inode: 1, size: 1, modifiedNanos: 0)))

        async let second = shared.nextCandidate(idleSince: idle, linger: .milliseconds(300))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(300))
        let none = await second
        XCTAssertNil(none, "nothing new for the linger time: the batch ends")
    }

    func testAStopWakesTheCoordinatorAndTheWorkers() async {
        let clock = ManualClock()
        let shared = makeShared(clock)
        async let work = shared.nextWork()
        async let worker = shared.nextCandidate(idleSince: clock.now, linger: .seconds(60))
        await clock.waitForSleepers(2)
        shared.requestStop()
        let (stopped, taken) = await (work, worker)
        XCTAssertEqual(stopped, .stop)
        XCTAssertNil(taken)
        XCTAssertEqual(clock.now, .zero, "no time passed")
    }

    func testACancelledWaitEndsInsteadOfSpinning() async {
        let clock = ManualClock()
        let shared = makeShared(clock)
        let coordinator = Task { await shared.nextWork() }
        await clock.waitForSleepers(1)
        coordinator.cancel()
        let result = await coordinator.value
        XCTAssertEqual(result, .stop)
        XCTAssertEqual(clock.sleeperCount, 0, "its sleep on the clock was cancelled too")
    }
}
