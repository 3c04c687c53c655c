import Foundation
import Synchronization
import XCTest

@testable import DaybookIngest

/// The ingest's write lane: what the workers hand it is stored in groups, each
/// photo once and in the order handed over, and nothing is left when it closes.
final class SaveLaneTests: XCTestCase {
    func testPhotosHandedOverQuicklyAreStoredInGroupsOfAtMostMaxGroup() {
        let groups = Mutex<[[Int]]>([])
        let lane = SaveLane<Int>(maxGroup: 8, window: 5)
        lane.start { group in groups.withLock { $0.append(group) } }
        for photo in 0..<20 { lane.submit(photo) }
        lane.close()
        let stored = groups.withLock { $0 }
        XCTAssertEqual(stored.flatMap { $0 }, Array(0..<20), "each photo once, in order")
        // Full groups, without waiting out the 5 s window, then the rest at the close.
        XCTAssertEqual(stored.map(\.count), [8, 8, 4])
    }

    func testAGroupIsStoredWhenItsWindowHasPassedWithoutWaitingForMore() {
        let stored = DispatchSemaphore(value: 0)
        let lane = SaveLane<Int>(maxGroup: 32, window: 0.05)
        lane.start { _ in stored.signal() }
        lane.submit(1)
        XCTAssertEqual(stored.wait(timeout: .now() + 10), .success, "one photo waits only for the window")
        lane.close()
    }

    func testSettleReturnsOnceEverythingHandedOverIsStored() {
        let storedCount = Atomic(0)
        let lane = SaveLane<Int>(maxGroup: 32, window: 30)
        lane.start { group in
            Thread.sleep(forTimeInterval: 0.05)
            storedCount.add(group.count, ordering: .sequentiallyConsistent)
        }
        for photo in 0..<5 { lane.submit(photo) }
        let start = Date()
        lane.settle()
        XCTAssertEqual(storedCount.load(ordering: .sequentiallyConsistent), 5)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "settling does not wait out the window")
        lane.close()
    }

    func testAWorkerWaitsForRoomWhenTwoGroupsAreWaiting() {
        let release = DispatchSemaphore(value: 0)
        let handed = Atomic(0)
        let stored = Atomic(0)
        let lane = SaveLane<Int>(maxGroup: 2, window: 0)
        lane.start { group in
            release.wait()
            stored.add(group.count, ordering: .sequentiallyConsistent)
        }
        let submitted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for photo in 0..<10 {
                lane.submit(photo)
                handed.add(1, ordering: .sequentiallyConsistent)
            }
            submitted.signal()
        }
        // A group of 1 or 2 is being stored (blocked) and 4 wait: the next submit waits for room.
        let deadline = Date(timeIntervalSinceNow: 10)
        while handed.load(ordering: .sequentiallyConsistent) < 5 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.2)
        let early = handed.load(ordering: .sequentiallyConsistent)
        XCTAssertTrue((5...6).contains(early), "\(early) handed over")
        for _ in 0..<10 { release.signal() }
        XCTAssertEqual(submitted.wait(timeout: .now() + 10), .success)
        lane.close()
        XCTAssertEqual(stored.load(ordering: .sequentiallyConsistent), 10)
    }
}
