import Foundation
import XCTest

@testable import DaybookCore

/// The CLI's "this year" and on-this-day's "today" (the command's and the web page's) come
/// from the C library's clock and zone; they must read as Foundation's zone reads them,
/// in zones either side of UTC and on the quarter hour.
final class LocalClockTests: XCTestCase {
    func testNowIsFoundationsLocalTimeInEachZone() throws {
        let saved = getenv("TZ").map { String(cString: $0) }
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        for zone in ["UTC", "Asia/Tokyo", "America/St_Johns", "Pacific/Kiritimati", "Asia/Kathmandu", "Pacific/Pago_Pago"] {
            setenv("TZ", zone, 1)
            tzset()
            let offset = try XCTUnwrap(TimeZone(identifier: zone)).secondsFromGMT()
            let before = LocalDateTime(unixSecondsIgnoringZone: Int64(Date().timeIntervalSince1970) + Int64(offset))
            let clock = LocalClock.now()
            let after = LocalDateTime(unixSecondsIgnoringZone: Int64(Date().timeIntervalSince1970) + Int64(offset))
            XCTAssertTrue(clock == before || clock == after, "\(zone): \(clock), Foundation \(before)")
        }
    }
}
