/// A video's length as people read it on a player, and as every output of Daybook writes it
/// (the CLI's `show`, the web page's facts, badge and download link): `0:12`, `4:05`,
/// `1:02:03`, rounded to the second.
package enum DurationText {
    package static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        let paddedSeconds = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(minutes):\(paddedSeconds)" }
        return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(paddedSeconds)"
    }
}
