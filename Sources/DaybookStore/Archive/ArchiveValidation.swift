import DaybookCore
import Foundation

/// Why an export file was refused: one line naming the item, its id and the field.
package struct ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

extension JournalArchive {
    /// The largest thumbnail an archive may carry (decoded bytes). Daybook's own are at most
    /// 4096 pixels on the longest side, well under this.
    package static let maximumThumbnailBytes = 16 << 20

    /// Decodes an export file's bytes and checks every field, touching no file. A file
    /// that is not refused can be imported whole: ids and content hashes are unique, every
    /// thumbnail name is the entry's content hash plus `.jpg`, every thumbnail is a JPEG, and
    /// every string and number is within bounds.
    package static func decodeAndValidate(_ data: Data) throws(ArchiveError) -> JournalArchive {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let archive: JournalArchive
        do { archive = try decoder.decode(JournalArchive.self, from: data) } catch let error as DecodingError {
            throw ArchiveError(describe(error))
        } catch {
            throw ArchiveError("not a daybook export: \(error)")
        }
        try archive.validate()
        return archive
    }

    /// Checks a decoded archive (see `decodeAndValidate`); `importArchive` calls it too.
    package func validate() throws(ArchiveError) {
        guard (1...Self.currentFormat).contains(format) else {
            throw ArchiveError("format \(format) is not one this daybook reads (1 to \(Self.currentFormat))")
        }
        try ArchiveField(path: "exported_at").text(exportedAt, max: 64, empty: false)
        var ids: [String: Int] = [:], hashes: [String: Int] = [:], filePaths: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let label = "item \(index) (id \(ArchiveField.quoted(item.entry.id)))"
            try ItemCheck(item: item, label: label).run()
            // A file belongs to one entry at most (the store's `entry_file.path` is unique).
            for (fileIndex, file) in (item.files ?? []).enumerated() {
                if let first = filePaths.updateValue(index, forKey: file.path) {
                    throw ArchiveError("\(label): files[\(fileIndex)].path is used twice (also by item \(first))")
                }
            }
            if let first = ids.updateValue(index, forKey: item.entry.id) {
                throw ArchiveError("\(label): entry.id is used twice (also by item \(first))")
            }
            if let first = hashes.updateValue(index, forKey: item.entry.contentHash) {
                throw ArchiveError("\(label): entry.content_hash is used twice (also by item \(first))")
            }
        }
    }

    static func describe(_ error: DecodingError) -> String {
        // "item 3: entry.latitude: " from the coding path [items, 3, entry, latitude].
        func location(_ context: DecodingError.Context) -> String {
            var parts: [String] = []
            for key in context.codingPath {
                if let index = key.intValue {
                    parts.append(parts == ["items"] ? "item \(index):" : "[\(index)]")
                } else {
                    parts.append(ArchiveField.snakeCase(key.stringValue))
                }
            }
            if parts.first == "items" && parts.count > 1 { parts.removeFirst() }
            var text = ""
            for part in parts {
                text += text.isEmpty || part.hasPrefix("[") ? part : (text.hasSuffix(":") ? " " + part : "." + part)
            }
            return text.isEmpty ? "" : text + (text.hasSuffix(":") ? " " : ": ")
        }
        switch error {
        case .typeMismatch(let type, let context): return "not a daybook export: \(location(context))expected \(type)"
        case .valueNotFound(let type, let context): return "not a daybook export: \(location(context))expected \(type), found null"
        case .keyNotFound(let key, let context):
            return "not a daybook export: \(location(context))missing \(ArchiveField.snakeCase(key.stringValue))"
        case .dataCorrupted(let context): return "not a daybook export: \(location(context))\(context.debugDescription)"
        @unknown default: return "not a daybook export: \(error)"
        }
    }
}

/// The checks on one item, each failure naming the item and the field.
private struct ItemCheck {
    let item: JournalArchive.Item
    let label: String

    func field(_ path: String) -> ArchiveField { ArchiveField(path: path, label: label) }

    func run() throws(ArchiveError) {
        let entry = item.entry
        try field("entry.id").check(
            (4...64).contains(entry.id.utf8.count) && entry.id.utf8.allSatisfy(Self.isIDByte),
            "must be 4 to 64 characters of 0-9, a-f and '-'")
        if entry.media == MediaKind.text.rawValue {
            try textEntry()
        } else {
            try field("entry.content_hash").check(
                ThumbnailName.isContentHash(entry.contentHash), "must be a SHA-256: 64 lower-case hex digits")
            try field("entry.source_path").text(entry.sourcePath, max: 4096, empty: false)
            try field("entry.source_path").check(entry.sourcePath.hasPrefix("/"), "must be an absolute path")
        }
        try field("entry.file_size").range(entry.fileSize, 0...(1 << 40))
        // Dates, sources, the offset, the place and the orientation as the store's types.
        _ = try JournalEntry(entry, label: label)
        try field("entry.capture_subsec").check(
            entry.captureSubsec.map { $0.utf8.count <= 9 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) } ?? true,
            "must be at most 9 digits")
        // Year 1 to year 9999.
        try field("entry.captured_utc").range(entry.capturedUTC, -62_135_596_800...253_402_300_799)
        try field("entry.latitude").range(entry.latitude, -90...90)
        try field("entry.longitude").range(entry.longitude, -180...180)
        try field("entry.altitude").range(entry.altitude, -12_000...100_000)
        try field("entry.camera_make").text(entry.cameraMake, max: 256)
        try field("entry.camera_model").text(entry.cameraModel, max: 256)
        try field("entry.pixel_width").range(entry.pixelWidth, 1...65_535)
        try field("entry.pixel_height").range(entry.pixelHeight, 1...65_535)
        try field("entry.thumbnail_width").range(entry.thumbnailWidth, 1...65_535)
        try field("entry.thumbnail_height").range(entry.thumbnailHeight, 1...65_535)
        try field("entry.problems").text(entry.problems, max: 65_536)
        try field("entry.text").text(entry.text, max: JournalEntry.maximumTextBytes)
        try field("entry.weather_error").text(entry.weatherError, max: 4096)
        try field("entry.created_at").text(entry.createdAt, max: 64, empty: false)
        try field("entry.updated_at").text(entry.updatedAt, max: 64, empty: false)
        for (name, value) in [
            ("place_name", entry.placeName), ("place_region", entry.placeRegion), ("place_country", entry.placeCountry),
            ("place_time_zone", entry.placeTimeZone), ("place_version", entry.placeVersion), ("time_zone_note", entry.timeZoneNote),
        ] {
            try field("entry.\(name)").text(value, max: 256, empty: false)
        }
        try field("entry.place_country_code").check(
            entry.placeCountryCode.map { $0.utf8.count == 2 && $0.utf8.allSatisfy { (65...90).contains($0) } } ?? true,
            "must be two capital letters (ISO 3166)")
        try field("entry.place_distance_km").range(entry.placeDistanceKm, 0...20_040)
        try thumbnail()
        try tags()
        try files()
        try motion()
        if let weather = item.weather { try self.weather(weather) }
    }

    /// A text entry's columns are made from its id and date (docs/design/writing.md), so an
    /// archive may hold only those values: above all a journal file's path of the one shape
    /// the writer makes, since import writes the file there.
    func textEntry() throws(ArchiveError) {
        let entry = item.entry
        try field("entry.content_hash").check(
            entry.contentHash == JournalStore.textContentHash(id: entry.id), "must be \"text:\" and the entry's id for a text entry")
        let date = entry.capturedLocal.flatMap { LocalDateTime(iso: $0) }
        try field("entry.captured_local").check(date != nil, "a text entry must have a date")
        let expected = date.map { JournalFilePath(id: entry.id, date: $0).description } ?? ""
        try field("entry.source_path").check(
            entry.sourcePath == expected, "must be the entry's journal file (\(expected)), not \(ArchiveField.quoted(entry.sourcePath))")
        try field("entry.file_size").check(entry.fileSize == 0, "must be 0 for a text entry")
        try field("entry.thumbnail").check(entry.thumbnail == nil && item.thumbnail == nil, "a text entry has no thumbnail")
        try field("entry.text").check(!entry.text.utf8.contains(0), "a text entry's text cannot hold a NUL character")
    }

    /// The name is derived from the content hash, never taken from the file; the bytes must be a JPEG.
    func thumbnail() throws(ArchiveError) {
        if let name = item.entry.thumbnail {
            let expected = ThumbnailName(contentHash: item.entry.contentHash)?.fileName ?? "<content hash>.jpg"
            try field("entry.thumbnail").check(
                name == expected, "must be the entry's content hash plus .jpg (\(expected)), not \(ArchiveField.quoted(name))")
        }
        if let side = item.fullThumbnailSide {
            try field("full_thumbnail_side").range(side, 16...4096)
            try field("full_thumbnail_side").check(item.entry.thumbnail != nil, "a full thumbnail awaited by an entry without a thumbnail")
        }
        guard let bytes = item.thumbnail else { return }
        try field("thumbnail").check(item.entry.thumbnail != nil, "thumbnail bytes for an entry without a thumbnail name")
        try field("thumbnail").check(
            bytes.count <= JournalArchive.maximumThumbnailBytes,
            "\(bytes.count) bytes is more than a thumbnail's \(JournalArchive.maximumThumbnailBytes)")
        try field("thumbnail").check(
            bytes.count >= 4 && bytes.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) && bytes.suffix(2).elementsEqual([0xFF, 0xD9]),
            "is not a JPEG")
    }

    func tags() throws(ArchiveError) {
        var names: Set<String> = []
        for (index, tag) in item.tags.enumerated() {
            let path = "tags[\(index)]"
            try field("\(path).entry_id").check(tag.entryId == item.entry.id, "must be the entry's id")
            try field("\(path).name").check(Self.isTagName(tag.name), "\(ArchiveField.quoted(tag.name)) is not a tag name")
            try field("\(path).name").check(names.insert(tag.name).inserted, "\(tag.name) is given twice")
            try field("\(path).score").range(tag.score, 0...1)
            try field("\(path).tagger_version").range(tag.taggerVersion, 0...1_000_000)
        }
        // The journal file import writes holds them on one line, read back only so far.
        let own = item.tags.filter { $0.source == .user }.count
        try field("tags").check(
            own <= JournalTag.maximumOwnPerEntry,
            "\(own) tags of the person's own; an entry may have at most \(JournalTag.maximumOwnPerEntry)")
        var removed: Set<String> = []
        for (index, name) in item.removedTags.enumerated() {
            try field("removed_tags[\(index)]").check(Self.isTagName(name), "\(ArchiveField.quoted(name)) is not a tag name")
            try field("removed_tags[\(index)]").check(removed.insert(name).inserted, "\(name) is given twice")
        }
    }

    /// An entry's other files: paths are kept as text only (never opened by import), but must be
    /// absolute and plain, as ingest stores them, so that nothing later joins them with `..`.
    func files() throws(ArchiveError) {
        for (index, file) in (item.files ?? []).enumerated() {
            let path = "files[\(index)]"
            try field("\(path).role").check(
                EntryFile.Role(rawValue: file.role) != nil,
                "\(ArchiveField.quoted(file.role)) is not a role this daybook knows (\(EntryFile.Role.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
            try field("\(path).path").text(file.path, max: 4096, empty: false)
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            try field("\(path).path").check(
                file.path.hasPrefix("/") && !components.contains { $0.isEmpty || $0 == "." || $0 == ".." },
                "\(ArchiveField.quoted(file.path)) must be an absolute path without empty, '.' or '..' parts")
            try field("\(path).content_hash").check(
                ThumbnailName.isContentHash(file.contentHash), "must be a SHA-256: 64 lower-case hex digits")
            try field("\(path).file_size").range(file.fileSize, 0...(1 << 40))
        }
    }

    /// A motion photo's clip lies within the entry's file (`JournalEntry.init(_:)` checks that);
    /// a Live Photo's video is one of the item's files, with that role.
    func motion() throws(ArchiveError) {
        guard let motion = item.entry.motion, motion.source == MotionOutput.Source.livePhoto.rawValue else { return }
        try field("entry.motion.path").check(
            (item.files ?? []).contains { $0.role == EntryFile.Role.livePhotoVideo.rawValue && $0.path == motion.path },
            "must be the path of one of the item's live-photo-video files")
    }

    static func isIDByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || byte == UInt8(ascii: "-")
    }

    static func isTagName(_ name: String) -> Bool { (try? JournalTag.normalizedName(name)) == name }

    func weather(_ weather: WeatherRecord) throws(ArchiveError) {
        try field("weather.entry_id").check(weather.entryId == item.entry.id, "must be the entry's id")
        try field("weather.provider").text(weather.provider, max: 64, empty: false)
        try field("weather.observed_at").text(weather.observedAt, max: 64)
        try field("weather.temperature_c").range(weather.temperatureC, -100...100)
        try field("weather.apparent_temperature_c").range(weather.apparentTemperatureC, -150...150)
        try field("weather.precipitation_mm").range(weather.precipitationMm, 0...2_000)
        try field("weather.cloud_cover_percent").range(weather.cloudCoverPercent, 0...100)
        try field("weather.wind_speed_kmh").range(weather.windSpeedKmh, 0...1_000)
        try field("weather.weather_code").range(weather.weatherCode, 0...1_000)
        try field("weather.weather_text").text(weather.weatherText, max: 256)
        try field("weather.grid_latitude").range(weather.gridLatitude, -90...90)
        try field("weather.grid_longitude").range(weather.gridLongitude, -180...180)
        try field("weather.time_zone").text(weather.timeZone, max: 64)
        try field("weather.place_utc_offset_seconds").range(weather.placeUtcOffsetSeconds, -64_800...64_800)
        try field("weather.fetched_at").text(weather.fetchedAt, max: 64, empty: false)
    }
}

/// One field of an archive being checked.
struct ArchiveField {
    let path: String
    var label: String?

    func fail(_ problem: String) -> ArchiveError {
        ArchiveError([label, "\(path): \(problem)"].compactMap { $0 }.joined(separator: ": "))
    }

    func check(_ condition: Bool, _ problem: @autoclosure () -> String) throws(ArchiveError) {
        if !condition { throw fail(problem()) }
    }

    /// Bounded UTF-8 length, no NUL (SQLite and C APIs would cut the text there).
    func text(_ value: String?, max: Int, empty: Bool = true) throws(ArchiveError) {
        guard let value else { return }
        try check(value.utf8.count <= max, "longer than \(max) bytes")
        try check(empty || !value.isEmpty, "must not be empty")
        try check(!value.utf8.contains(0), "contains a NUL character")
    }

    func range<T: Comparable>(_ value: T?, _ bounds: ClosedRange<T>) throws(ArchiveError) {
        guard let value else { return }
        try check(bounds.contains(value), "\(value) is outside \(bounds.lowerBound)...\(bounds.upperBound)")
    }

    /// A value from the file, quoted and cut short, on one line.
    static func quoted(_ text: String) -> String {
        let short = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return String(reflecting: short)
    }

    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
        return result
    }
}
