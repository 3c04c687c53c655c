import Foundation

/// The wall clock of this machine's zone, from the C library: the zone is the one Foundation's
/// `TimeZone.current` finds too (`TZ`, else /etc/localtime), but that loads ICU's zone data on
/// first use, a start-up cost for a command that only needs this year (list dates) or today (on this day).
/// The CLI and the web's on-this-day page both read today from it, so they agree on the date.
public enum LocalClock {
    public static func now() -> LocalDateTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return LocalDateTime(unixSecondsIgnoringZone: Int64(seconds) + Int64(parts.tm_gmtoff))
    }
}
