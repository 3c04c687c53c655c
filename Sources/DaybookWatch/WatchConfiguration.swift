import DaybookIngest
import Foundation

/// What `daybook watch` was asked to do.
package struct WatchConfiguration: Sendable {
    /// The folders to watch, recursively (absolute, standardised paths).
    package var folders: [String]
    /// `--move-to`: where ingested photos are moved (DIR/YYYY/MM/); nil leaves them in place.
    package var archive: String?
    /// Seconds between full rescans (they catch what inotify cannot see, e.g. network shares).
    package var rescanInterval: Double
    /// `--poll`: no inotify at all, rescans only.
    package var pollOnly: Bool
    /// A file found by a scan (not announced by inotify) is read only once it has not been
    /// modified for this many seconds: a network share gives no "closed after writing".
    package var settleTime: Double
    /// The ingest pipeline's options (`--jobs`, thumbnail size, pixel limit).
    package var ingest: IngestOptions
    /// Batching: a batch starts this long after the last ready file…
    package var batchQuietTime: Double
    /// …or this long after the first one, whichever comes first.
    package var batchMaxDelay: Double
    /// An idle worker waits this long for another file before the batch ends.
    package var workerLinger: Double

    package init(
        folders: [String], archive: String? = nil, rescanInterval: Double = 300, pollOnly: Bool = false,
        settleTime: Double = 5, ingest: IngestOptions = IngestOptions(),
        batchQuietTime: Double = 0.1, batchMaxDelay: Double = 1, workerLinger: Double = 0.3
    ) {
        self.folders = Self.distinct(folders.map { Self.standardise($0) })
        self.archive = archive.map { Self.standardise($0) }
        self.rescanInterval = rescanInterval
        self.pollOnly = pollOnly
        self.settleTime = settleTime
        self.ingest = ingest
        self.batchQuietTime = batchQuietTime
        self.batchMaxDelay = batchMaxDelay
        self.workerLinger = workerLinger
    }

    /// The folders without one named twice or inside another: the outer one's tree holds it,
    /// and watched twice, its files would be counted, listed and logged twice ("watching
    /// 2 folders X, X").
    static func distinct(_ folders: [String]) -> [String] {
        var kept: [String] = []
        for folder in folders where !folders.contains(where: { folder.hasPrefix($0 == "/" ? "/" : $0 + "/") && $0 != folder }) {
            if !kept.contains(folder) { kept.append(folder) }
        }
        return kept
    }

    /// An absolute path without "." / ".." parts or a trailing slash. Symlinks are kept: the
    /// journal records the path the user knows.
    static func standardise(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standard = URL(fileURLWithPath: absolute).standardizedFileURL.path
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }
}
