import XCTest

@testable import DaybookWeb

/// The table of wrong passwords per address, on a clock the test moves: the doubling wait,
/// the cap on guesses in flight, forgetting, and a bounded size whatever the number of
/// addresses.
final class LoginThrottleTests: XCTestCase {
    func testTheWaitDoublesUpToTheLongestAndASuccessForgets() {
        var limits = LoginLimits()
        limits.longestWaitSeconds = 10
        let throttle = LoginThrottle(limits: limits)
        let start = ContinuousClock.now
        var now = start
        var waits: [Int] = []
        for _ in 0..<10 {
            // Wait as told, then guess wrong.
            while case .wait(let seconds) = throttle.begin("192.0.2.1", now: now) {
                waits.append(seconds)
                now += .seconds(seconds)
            }
            throttle.end("192.0.2.1", succeeded: false, now: now)
        }
        XCTAssertEqual(waits, [1, 2, 4, 8, 10], "5 free, then 1, 2, 4 … seconds, at most the longest")
        XCTAssertEqual(throttle.begin("192.0.2.2", now: now), .proceed, "other addresses are not affected")
        throttle.end("192.0.2.2", succeeded: true, now: now)
        XCTAssertEqual(throttle.begin("192.0.2.1", now: now), .wait(seconds: 10))
        now += .seconds(10)
        XCTAssertEqual(throttle.begin("192.0.2.1", now: now), .proceed)
        throttle.end("192.0.2.1", succeeded: true, now: now)
        XCTAssertEqual(throttle.count, 0, "a right password forgets the address")
        // Failures below the limit are forgotten after a quiet while.
        for _ in 0..<4 {
            _ = throttle.begin("192.0.2.3", now: now)
            throttle.end("192.0.2.3", succeeded: false, now: now)
        }
        now += .seconds(limits.forgetAfterSeconds + 1)
        for _ in 0..<5 {
            XCTAssertEqual(throttle.begin("192.0.2.3", now: now), .proceed)
            throttle.end("192.0.2.3", succeeded: false, now: now)
        }
    }

    func testGuessesInFlightPerAddressAreCapped() {
        let throttle = LoginThrottle(limits: LoginLimits())
        let now = ContinuousClock.now
        XCTAssertEqual(throttle.begin("192.0.2.1", now: now), .proceed)
        XCTAssertEqual(throttle.begin("192.0.2.1", now: now), .proceed)
        XCTAssertEqual(throttle.begin("192.0.2.1", now: now), .wait(seconds: 1))
        throttle.end("192.0.2.1", succeeded: false, now: now)
        XCTAssertEqual(throttle.begin("192.0.2.1", now: now), .proceed)
    }

    func testTheTableStaysBoundedAndKeepsBlockedAddressesFirst() {
        var limits = LoginLimits()
        limits.clients = 100
        let throttle = LoginThrottle(limits: limits)
        let now = ContinuousClock.now
        for _ in 0..<5 {
            _ = throttle.begin("198.51.100.7", now: now)
            throttle.end("198.51.100.7", succeeded: false, now: now)
        }
        for index in 0..<100_000 {
            // Each in a /64 of its own: one /64 is one client.
            let address = "2001:db8:\(String(index >> 16, radix: 16)):\(String(index & 0xffff, radix: 16))::1"
            _ = throttle.begin(address, now: now)
            throttle.end(address, succeeded: false, now: now)
            XCTAssertLessThanOrEqual(throttle.count, 100)
        }
        XCTAssertEqual(throttle.begin("198.51.100.7", now: now), .wait(seconds: 1), "still waiting")
    }

    /// An IPv6 client is counted by its /64, which a home or a rented machine is given whole:
    /// counted by address, one /64 would have 2^64 fresh starts. An IPv4 client is counted by
    /// its address, written as IPv4 or mapped into IPv6.
    func testAnIPv6ClientIsCountedByItsSlash64() {
        let throttle = LoginThrottle(limits: LoginLimits())
        let now = ContinuousClock.now
        for host in 1...5 {
            XCTAssertEqual(throttle.begin("2001:db8:1:2::\(host)", now: now), .proceed)
            throttle.end("2001:db8:1:2::\(host)", succeeded: false, now: now)
        }
        for address in ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:abcd", "2001:db8:1:2::"] {
            XCTAssertEqual(throttle.begin(address, now: now), .wait(seconds: 1), "\(address) is in the same /64")
        }
        XCTAssertEqual(throttle.begin("2001:db8:1:3::1", now: now), .proceed, "the next /64 is another client")
        for _ in 1...5 {
            XCTAssertEqual(throttle.begin("192.0.2.7", now: now), .proceed)
            throttle.end("192.0.2.7", succeeded: false, now: now)
        }
        XCTAssertEqual(throttle.begin("::ffff:192.0.2.7", now: now), .wait(seconds: 1), "mapped into IPv6, the same client")
        XCTAssertEqual(throttle.begin("192.0.2.8", now: now), .proceed, "IPv4 is counted by address")
        XCTAssertEqual(throttle.begin("::ffff:192.0.2.9", now: now), .proceed)
    }
}
