#if canImport(Glibc)
    import Glibc
#endif

/// Seconds on the monotonic clock (not the wall clock, which NTP may step).
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// How long `body` took, in milliseconds.
package func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicSeconds()
    try body()
    return (monotonicSeconds() - start) * 1e3
}

/// How long `body` took, in nanoseconds.
package func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicSeconds()
    try body()
    return (monotonicSeconds() - start) * 1e9
}

/// CPU seconds this process has used so far, all threads, user and system: on a shared
/// machine a steadier figure than the wall clock.
package func processCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
