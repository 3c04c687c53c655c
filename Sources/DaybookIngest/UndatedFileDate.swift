import DaybookCore
import DaybookMetadata
import Foundation

/// The date of a photo whose bytes and sidecar carry none: from its name, then (only when
/// asked, `IngestOptions.dateFromModificationTime`) from its modification time. Both rank
/// below every metadata source, and both are floating local times.
enum UndatedFileDate {
    static func capture(path: String, modified: Date?) -> CaptureTime? {
        if let named = FileNameDate.capture(fromName: (path as NSString).lastPathComponent) { return named }
        guard let modified else { return nil }
        // The machine's wall clock at that moment, as a camera would have written it: where the
        // photo was taken is unknown, so no offset is claimed.
        let seconds = Int64(modified.timeIntervalSince1970.rounded(.down))
        let zone = Int64(TimeZone.current.secondsFromGMT(for: modified))
        return CaptureTime(local: LocalDateTime(unixSecondsIgnoringZone: seconds + zone), source: .mtime)
    }
}
