import Foundation
import Synchronization

/// How many wrong passwords a client may send before it must wait, and how long.
package struct LoginLimits: Sendable {
    /// Wrong passwords allowed before the first wait.
    package var freeFailures = 5
    /// Each further wrong password doubles the wait, from 1 s up to this.
    package var longestWaitSeconds = 300
    /// Guesses one client may have in flight at once: without it, a burst of parallel
    /// requests would all be checked before the first failure counts.
    package var concurrentPerClient = 2
    /// Clients remembered; past it, the one whose wait ends first is forgotten.
    package var clients = 4096
    /// A client with no failure for this long starts afresh.
    package var forgetAfterSeconds = 900

    package init() {}
}

/// Wrong passwords per client (an address, or an IPv6 /64: `client(_:)`), with a doubling
/// wait. bcrypt's cost slows each guess; this bounds how many guesses a client gets at all,
/// and keeps its failed guesses from queueing bcrypt work ahead of everyone else's login.
final class LoginThrottle: Sendable {
    enum Decision: Equatable {
        case proceed
        /// Answer 429 with `Retry-After` of this many seconds.
        case wait(seconds: Int)
    }

    private struct Client {
        var failures = 0
        var inFlight = 0
        var blockedUntil: ContinuousClock.Instant
        var lastFailure: ContinuousClock.Instant
    }

    let limits: LoginLimits
    private let table = Mutex<[String: Client]>([:])

    init(limits: LoginLimits) { self.limits = limits }

    /// Before a password is checked: whether the client at `address` may try now. Each `.proceed` must be
    /// followed by one `end`.
    func begin(_ address: String, now: ContinuousClock.Instant = .now) -> Decision {
        let client = Self.client(address)
        return table.withLock { table in
            var record = table[client] ?? Client(blockedUntil: now, lastFailure: now)
            if table[client] == nil { makeRoom(in: &table, now: now) }
            if record.failures > 0, record.inFlight == 0, record.blockedUntil <= now,
                now - record.lastFailure > .seconds(limits.forgetAfterSeconds)
            {
                record.failures = 0
            }
            if record.blockedUntil > now {
                table[client] = record
                return .wait(seconds: Self.wholeSeconds(record.blockedUntil - now))
            }
            guard record.inFlight < limits.concurrentPerClient else {
                table[client] = record
                return .wait(seconds: 1)
            }
            record.inFlight += 1
            table[client] = record
            return .proceed
        }
    }

    /// After the check `begin` allowed: a right password forgets the client's failures; a
    /// wrong one counts, and past the free ones makes it wait 1, 2, 4 … seconds.
    func end(_ address: String, succeeded: Bool, now: ContinuousClock.Instant = .now) {
        let client = Self.client(address)
        table.withLock { table in
            guard var record = table[client] else { return }
            record.inFlight = max(0, record.inFlight - 1)
            if succeeded {
                record.failures = 0
                record.blockedUntil = now
            } else {
                record.failures += 1
                record.lastFailure = now
                let over = record.failures - limits.freeFailures
                if over >= 0 {
                    let wait = over >= 30 ? limits.longestWaitSeconds : min(1 << over, limits.longestWaitSeconds)
                    record.blockedUntil = now + .seconds(wait)
                }
            }
            if record.failures == 0 && record.inFlight == 0 {
                table[client] = nil
            } else {
                table[client] = record
            }
        }
    }

    var count: Int { table.withLock { $0.count } }

    /// Who an address counts as: an IPv6 address by its /64, the least a home or a rented
    /// machine is given (counted by address, one /64 would be 2^64 fresh clients); an IPv4
    /// address by itself, mapped into IPv6 or not. Anything else is taken as it is.
    static func client(_ address: String) -> String {
        let written = address.split(separator: "%", maxSplits: 1).first.map(String.init) ?? address
        var parsed = in6_addr()
        guard written.contains(":"), inet_pton(AF_INET6, written, &parsed) == 1 else { return address }
        let bytes = withUnsafeBytes(of: parsed) { Array($0) }
        if bytes[..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Keeps the table within `limits.clients`: first drops clients with nothing pending,
    /// then the one whose wait ends soonest.
    private func makeRoom(in table: inout [String: Client], now: ContinuousClock.Instant) {
        guard table.count >= limits.clients else { return }
        table = table.filter { $0.value.inFlight > 0 || $0.value.blockedUntil > now }
        while table.count >= limits.clients, let soonest = table.min(by: { $0.value.blockedUntil < $1.value.blockedUntil })?.key {
            table[soonest] = nil
        }
    }

    private static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
