import DaybookCore
import Foundation

/// A journal file's front-matter values, checked one by one into a `JournalFile`; each
/// refusal names the value's line.
struct FrontMatter {
    let values: [String: (value: Substring, line: Int)]
    /// The closing `---`, where a missing key is reported.
    let lastLine: Int

    func file(text: String) throws -> JournalFile {
        let version = try required("version")
        guard version.value == "\(JournalFile.formatVersion)" else {
            throw JournalFileError(
                line: version.line, "version \(version.value) is not one this daybook reads (it reads \(JournalFile.formatVersion))")
        }
        let id = try required("id")
        guard let uuid = UUID(uuidString: String(id.value)), uuid.uuidString.lowercased() == id.value else {
            throw JournalFileError(line: id.line, "id \(id.value) is not a lowercase UUID")
        }
        let date = try required("date")
        guard let local = LocalDateTime(iso: date.value) else {
            throw JournalFileError(line: date.line, "date \(date.value) is not a date-time YYYY-MM-DDTHH:MM:SS")
        }
        let created = try required("created")
        guard UTCTimestamp.unixSeconds(created.value) != nil else {
            throw JournalFileError(line: created.line, "created \(created.value) is not a UTC time YYYY-MM-DDTHH:MM:SSZ")
        }
        let deleted = values["deleted"]
        if let deleted, UTCTimestamp.unixSeconds(deleted.value) == nil {
            throw JournalFileError(line: deleted.line, "deleted \(deleted.value) is not a UTC time YYYY-MM-DDTHH:MM:SSZ")
        }
        let setByHand = try self.setByHand()
        return JournalFile(
            id: String(id.value), date: local, utcOffsetSeconds: try offset(), placeName: try string("place"),
            location: try location(), tags: try tags("tags"), photo: try photo(), created: String(created.value), text: text,
            deleted: deleted.map { String($0.value) }, removedTags: try tags("removed_tags"), dateSetByHand: setByHand.contains("date"),
            placeSetByHand: setByHand.contains("place"), stackChoice: try stackChoice())
    }

    private func required(_ key: String) throws -> (value: Substring, line: Int) {
        guard let found = values[key] else { throw JournalFileError(line: lastLine, "the front matter has no \(key)") }
        return found
    }

    private func offset() throws -> Int? {
        guard let (value, line) = values["utc_offset"] else { return nil }
        guard value.utf8.count == 6, value.first == "+" || value.first == "-",
            let offset = UTCOffset(exifOffset: String(value), source: .device)
        else { throw JournalFileError(line: line, "utc_offset \(value) is not an offset like +01:00, within ±14:00") }
        return offset.seconds
    }

    private func string(_ key: String) throws -> String? {
        guard let (value, line) = values[key] else { return nil }
        return try Self.jsonString(value, key: key, line: line)
    }

    private static func jsonString(_ value: some StringProtocol, key: String, line: Int) throws -> String {
        guard value.hasPrefix("\""),
            let decoded = try? JSONSerialization.jsonObject(with: Data("[\(value)]".utf8)) as? [String], decoded.count == 1
        else { throw JournalFileError(line: line, "\(key) is not one quoted string") }
        guard !decoded[0].contains("\0") else { throw JournalFileError(line: line, "\(key) holds a NUL character") }
        return decoded[0]
    }

    private func location() throws -> GeoLocation? {
        let latitude = values["latitude"]
        let longitude = values["longitude"]
        guard let latitude, let longitude else {
            if let one = latitude ?? longitude { throw JournalFileError(line: one.line, "latitude and longitude go together") }
            return nil
        }
        guard let lat = Double(latitude.value), lat.isFinite, (-90...90).contains(lat) else {
            throw JournalFileError(line: latitude.line, "latitude \(latitude.value) is not a number from -90 to 90")
        }
        guard let lon = Double(longitude.value), lon.isFinite, (-180...180).contains(lon) else {
            throw JournalFileError(line: longitude.line, "longitude \(longitude.value) is not a number from -180 to 180")
        }
        return GeoLocation(latitude: lat, longitude: lon)
    }

    /// A list of tag names, `[a, b]`: `tags` and `removed_tags`.
    private func tags(_ key: String) throws -> [String] {
        guard let (value, line) = values[key] else { return [] }
        return try Self.list(value, key: key, line: line) { name in
            guard (try? JournalTag.normalizedName(name)) == name else {
                throw JournalFileError(line: line, "tag \(JournalFile.quoted(name)) is not a tag name (letters, digits, - and _)")
            }
        }
    }

    /// `set_by_hand`: which of a photo entry's `date` and `place` the person set.
    private func setByHand() throws -> Set<String> {
        guard let (value, line) = values["set_by_hand"] else { return [] }
        return Set(
            try Self.list(value, key: "set_by_hand", line: line) { name in
                guard name == "date" || name == "place" else {
                    throw JournalFileError(line: line, "set_by_hand names \(JournalFile.quoted(name)); it may name date and place")
                }
            })
    }

    private func stackChoice() throws -> JournalFile.StackChoice? {
        guard let (value, line) = values["stack"] else { return nil }
        guard let choice = JournalFile.StackChoice(rawValue: String(value)) else {
            throw JournalFileError(line: line, "stack \(JournalFile.quoted(String(value))) is not cover or split")
        }
        return choice
    }

    /// A flow list `[a, b]` of distinct plain names, each checked by `check`.
    private static func list(_ value: Substring, key: String, line: Int, check: (String) throws -> Void) throws -> [String] {
        guard value.hasPrefix("["), value.hasSuffix("]") else { throw JournalFileError(line: line, "\(key) is not a list [a, b]") }
        let inside = value.dropFirst().dropLast()
        if inside.allSatisfy({ $0 == " " }) { return [] }
        var names: [String] = []
        for raw in inside.split(separator: ",", omittingEmptySubsequences: false) {
            let name = raw.trimmingCharacters(in: .whitespaces)
            try check(name)
            guard !names.contains(name) else { throw JournalFileError(line: line, "\(key) gives \(name) twice") }
            names.append(name)
        }
        return names
    }

    private func photo() throws -> JournalFile.PhotoReference? {
        guard let (value, line) = values["photo"] else { return nil }
        let hash = value.prefix { $0 != " " }
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw JournalFileError(line: line, "photo starts with a SHA-256 in lowercase hex")
        }
        let name = try Self.jsonString(value.dropFirst(65), key: "photo's file name", line: line)
        guard !name.isEmpty, !name.contains("/") else { throw JournalFileError(line: line, "photo's file name is not a file name") }
        return JournalFile.PhotoReference(contentHash: String(hash), fileName: name)
    }
}
