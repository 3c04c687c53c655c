import DaybookCore
import DaybookPlaces

extension JournalEntry {
    /// The entry an `export json` file describes, with its text fields read into Core values.
    /// Each value that does not fit (a date in another form, an unknown source, an offset
    /// without its source) is refused naming the field; `label` names the item.
    init(_ output: EntryOutput, label: String? = nil) throws(ArchiveError) {
        func field(_ name: String) -> ArchiveField { ArchiveField(path: "entry.\(name)", label: label) }
        var capturedLocal: LocalDateTime?
        if let text = output.capturedLocal {
            capturedLocal = LocalDateTime(iso: text)
            try field("captured_local").check(capturedLocal != nil, "must be a date like 2024-05-17T12:30:05")
        }
        var captureSource: CaptureSource?
        if let text = output.captureSource {
            captureSource = CaptureSource(rawValue: text)
            try field("capture_source").check(captureSource != nil, Self.notOneOf(text, CaptureSource.allCases.map(\.rawValue)))
        }
        try field("offset_source").check(
            (output.utcOffsetSeconds == nil) == (output.offsetSource == nil),
            "utc_offset_seconds and offset_source come together")
        var offset: UTCOffset?
        if let seconds = output.utcOffsetSeconds, let text = output.offsetSource {
            let source = OffsetSource(rawValue: text)
            try field("offset_source").check(source != nil, Self.notOneOf(text, OffsetSource.allCases.map(\.rawValue)))
            offset = UTCOffset(seconds: seconds, source: source!)
            try field("utc_offset_seconds").range(seconds, -UTCOffset.maximumSeconds...UTCOffset.maximumSeconds)
        }
        try field("longitude").check((output.latitude == nil) == (output.longitude == nil), "latitude and longitude come together")
        let location = output.latitude.flatMap { latitude in
            output.longitude.map { GeoLocation(latitude: latitude, longitude: $0, altitude: output.altitude) }
        }
        var locationSource: LocationSource?
        if let text = output.locationSource {
            locationSource = LocationSource(rawValue: text)
            try field("location_source").check(locationSource != nil, Self.notOneOf(text, LocationSource.allCases.map(\.rawValue)))
            try field("location_source").check(location != nil, "comes with latitude and longitude")
        }
        let motionClip = try Self.motionClip(output, field)
        var media = MediaKind.photo
        if let text = output.media {
            guard let kind = MediaKind(rawValue: text) else {
                throw field("media").fail(Self.notOneOf(text, MediaKind.allCases.map(\.rawValue)))
            }
            media = kind
        }
        if let seconds = output.durationSeconds {
            try field("duration_seconds").check(media == .video, "only a video has a duration")
            try field("duration_seconds").check(seconds > 0 && seconds <= 86_400, "must be above 0 and at most 86400 (a day)")
        }
        let orientation = Orientation(rawValue: output.orientation)
        try field("orientation").range(output.orientation, 1...8)
        self.init(
            id: output.id, contentHash: output.contentHash, sourcePath: output.sourcePath, fileSize: output.fileSize,
            capturedLocal: capturedLocal, captureSubsec: output.captureSubsec, captureSource: captureSource, offset: offset,
            location: location, cameraMake: output.cameraMake, cameraModel: output.cameraModel,
            pixelWidth: output.pixelWidth, pixelHeight: output.pixelHeight, orientation: orientation!,
            thumbnail: output.thumbnail, thumbnailWidth: output.thumbnailWidth, thumbnailHeight: output.thumbnailHeight,
            problems: output.problems, text: output.text, weatherStatus: output.weatherStatus,
            weatherError: output.weatherError, createdAt: output.createdAt, updatedAt: output.updatedAt,
            locationSource: locationSource,
            place: try Self.place(output, field), placeVersion: output.placeVersion, timeZoneNote: output.timeZoneNote,
            media: media, durationSeconds: output.durationSeconds, motionClip: motionClip)
    }

    /// A motion photo's clip must lie within the entry's own file, after its first byte; a
    /// Live Photo's motion names a file (checked against the item's files by the archive).
    private static func motionClip(_ output: EntryOutput, _ field: (String) -> ArchiveField) throws(ArchiveError) -> MotionClip? {
        guard let motion = output.motion else { return nil }
        let sources = MotionOutput.Source.allCases.map(\.rawValue)
        guard let source = MotionOutput.Source(rawValue: motion.source) else {
            throw field("motion.source").fail(Self.notOneOf(motion.source, sources))
        }
        switch source {
        case .livePhoto:
            try field("motion.path").check(
                motion.path != nil && motion.offset == nil && motion.length == nil, "a live-photo motion has a path only")
            return nil
        case .motionPhoto:
            guard let offset = motion.offset, let length = motion.length, motion.path == nil else {
                throw field("motion").fail("a motion-photo motion has an offset and a length, and no path")
            }
            let clip = MotionClip(offset: offset, length: length)
            try field("motion.length").check(
                clip.fits(fileSize: output.fileSize),
                "the clip (\(length) bytes at \(offset)) must lie within the file's \(output.fileSize) bytes")
            return clip
        }
    }

    /// A named place comes with its country and the version that named it.
    private static func place(_ output: EntryOutput, _ field: (String) -> ArchiveField) throws(ArchiveError) -> NamedPlace? {
        let named = [output.placeName, output.placeRegion, output.placeCountryCode, output.placeTimeZone].contains { $0 != nil }
        guard let country = output.placeCountry else {
            try field("place_country").check(
                !named && output.placeDistanceKm == nil, "a place_name or place_region needs its place_country")
            return nil
        }
        guard let version = output.placeVersion else { throw field("place_version").fail("a place needs the version that named it") }
        return NamedPlace(
            name: output.placeName, region: output.placeRegion, country: country, countryCode: output.placeCountryCode,
            distanceKm: output.placeDistanceKm, timeZone: output.placeTimeZone, dataVersion: version)
    }

    private static func notOneOf(_ text: String, _ names: [String]) -> String {
        "\(ArchiveField.quoted(text)) is not one of \(names.joined(separator: ", "))"
    }
}
