/// When a photo was taken, as its metadata says: a Core value, so the store can take it without
/// knowing the readers that find it.
package struct CaptureTime: Sendable, Hashable, Codable {
    /// Camera wall-clock time, as written.
    package var local: LocalDateTime
    package var source: CaptureSource
    /// SubSecTime digits as written ("250" means .250 s), when present.
    package var subsecond: String?
    /// Known offset from UTC, or `nil` for a floating local time.
    package var offset: UTCOffset?

    package init(local: LocalDateTime, source: CaptureSource, subsecond: String? = nil, offset: UTCOffset? = nil) {
        self.local = local
        self.source = source
        self.subsecond = subsecond
        self.offset = offset
    }

    /// Seconds since the Unix epoch, only when the offset is known.
    package var unixTime: Int64? {
        offset.map { local.unixSeconds(offsetSeconds: $0.seconds) }
    }
}
