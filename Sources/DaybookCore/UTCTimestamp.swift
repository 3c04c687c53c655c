import Foundation

/// The moments Daybook records about its own work (an entry's creation and last change, an
/// export, a weather fetch), written as UTC text: `YYYY-MM-DDTHH:MM:SSZ`.
package enum UTCTimestamp {
    package static func text(unixSeconds: Int64) -> String {
        let (days, secondOfDay) = CivilCalendar.split(seconds: unixSeconds)
        let date = CivilDate(daysSinceEpoch: days)
        return "\(date.iso)T\(DateText.padded(secondOfDay / 3600)):\(DateText.padded(secondOfDay % 3600 / 60)):"
            + "\(DateText.padded(secondOfDay % 60))Z"
    }

    /// The time stamp of `date`, to the second below.
    package static func text(_ date: Date) -> String {
        text(unixSeconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Reads `text(unixSeconds:)`'s form back; `nil` for anything else.
    package static func unixSeconds(_ text: some StringProtocol) -> Int64? {
        guard let n = DateText.numbers(text, layout: "####-##-##T##:##:##Z"),
            let date = CivilDate(year: n[0], month: n[1], day: n[2]), n[3] < 24, n[4] < 60, n[5] < 60
        else { return nil }
        return date.midnightUTCSeconds + Int64(n[3] * 3600 + n[4] * 60 + n[5])
    }
}
