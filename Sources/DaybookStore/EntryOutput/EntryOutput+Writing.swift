import DaybookCore

/// The entry's fields written under their documented snake_case names (docs/json-schema.md),
/// so the JSON writer needs no key strategy for it (`SnakeCaseKeyed`, DaybookPresentation).
/// Reading (`import`) keeps `CodingKeys` and its decoder's `.convertFromSnakeCase`: the same
/// names, read back.
extension EntryOutput {
    enum WrittenKey: String, CodingKey {
        case id
        case contentHash = "content_hash"
        case sourcePath = "source_path"
        case fileSize = "file_size"
        case capturedLocal = "captured_local"
        case captureSubsec = "capture_subsec"
        case captureSource = "capture_source"
        case utcOffsetSeconds = "utc_offset_seconds"
        case offsetSource = "offset_source"
        case capturedUTC = "captured_utc"
        case latitude, longitude, altitude
        case locationSource = "location_source"
        case cameraMake = "camera_make"
        case cameraModel = "camera_model"
        case pixelWidth = "pixel_width"
        case pixelHeight = "pixel_height"
        case orientation, thumbnail
        case thumbnailWidth = "thumbnail_width"
        case thumbnailHeight = "thumbnail_height"
        case problems, text
        case weatherStatus = "weather_status"
        case weatherError = "weather_error"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case placeName = "place_name"
        case placeRegion = "place_region"
        case placeCountry = "place_country"
        case placeCountryCode = "place_country_code"
        case placeDistanceKm = "place_distance_km"
        case placeTimeZone = "place_time_zone"
        case placeVersion = "place_version"
        case timeZoneNote = "time_zone_note"
        case motion, media
        case durationSeconds = "duration_seconds"
        case photoElsewhere = "photo_elsewhere"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WrittenKey.self)
        try container.encode(id, forKey: .id)
        try container.encode(contentHash, forKey: .contentHash)
        try container.encode(sourcePath, forKey: .sourcePath)
        try container.encode(fileSize, forKey: .fileSize)
        try container.encodeIfPresent(capturedLocal, forKey: .capturedLocal)
        try container.encodeIfPresent(captureSubsec, forKey: .captureSubsec)
        try container.encodeIfPresent(captureSource, forKey: .captureSource)
        try container.encodeIfPresent(utcOffsetSeconds, forKey: .utcOffsetSeconds)
        try container.encodeIfPresent(offsetSource, forKey: .offsetSource)
        try container.encodeIfPresent(capturedUTC, forKey: .capturedUTC)
        try container.encodeIfPresent(latitude, forKey: .latitude)
        try container.encodeIfPresent(longitude, forKey: .longitude)
        try container.encodeIfPresent(altitude, forKey: .altitude)
        try container.encodeIfPresent(locationSource, forKey: .locationSource)
        try container.encodeIfPresent(cameraMake, forKey: .cameraMake)
        try container.encodeIfPresent(cameraModel, forKey: .cameraModel)
        try container.encodeIfPresent(pixelWidth, forKey: .pixelWidth)
        try container.encodeIfPresent(pixelHeight, forKey: .pixelHeight)
        try container.encode(orientation, forKey: .orientation)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
        try container.encodeIfPresent(thumbnailWidth, forKey: .thumbnailWidth)
        try container.encodeIfPresent(thumbnailHeight, forKey: .thumbnailHeight)
        try container.encodeIfPresent(problems, forKey: .problems)
        try container.encode(text, forKey: .text)
        try container.encode(weatherStatus, forKey: .weatherStatus)
        try container.encodeIfPresent(weatherError, forKey: .weatherError)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(placeName, forKey: .placeName)
        try container.encodeIfPresent(placeRegion, forKey: .placeRegion)
        try container.encodeIfPresent(placeCountry, forKey: .placeCountry)
        try container.encodeIfPresent(placeCountryCode, forKey: .placeCountryCode)
        try container.encodeIfPresent(placeDistanceKm, forKey: .placeDistanceKm)
        try container.encodeIfPresent(placeTimeZone, forKey: .placeTimeZone)
        try container.encodeIfPresent(placeVersion, forKey: .placeVersion)
        try container.encodeIfPresent(timeZoneNote, forKey: .timeZoneNote)
        try container.encodeIfPresent(motion, forKey: .motion)
        try container.encodeIfPresent(media, forKey: .media)
        try container.encodeIfPresent(durationSeconds, forKey: .durationSeconds)
        // Only when true: a script then knows why a photo entry has no file or thumbnail here.
        if isPhotoElsewhere { try container.encode(true, forKey: .photoElsewhere) }
    }

    /// `JournalEntry.isPhotoElsewhere`, from the written fields: a photo entry whose source is
    /// its journal file, its photo on another device.
    package var isPhotoElsewhere: Bool { media != MediaKind.text.rawValue && JournalFilePath(relative: sourcePath) != nil }
}
