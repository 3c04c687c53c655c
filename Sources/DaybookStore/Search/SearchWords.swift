import DaybookPlaces
import Foundation
import GRDB

/// The index's `words` column: what an entry may be found by besides its text, tags and
/// place as written — the camera ("canon", "coolpix"), the file's base name ("DSCN0012")
/// and its place's ASCII and alternate names ("munchen" finds München, stored as Munich).
///
/// The words are computed by an SQL function, `daybook_search_words`, that the store
/// registers on every connection, so the index's triggers keep them in step with every
/// write that changes a camera, a path or a place, whichever code makes it. (A program that
/// changes those columns without daybook gets "no such function": the index cannot follow.)
enum SearchWords {
    static let function = DatabaseFunction("daybook_search_words", argumentCount: 7, pure: true) { values in
        let text = values.map { String.fromDatabaseValue($0) }
        let place = NamedPlace(
            name: text[3], region: text[4], country: text[5], countryCode: text[6], distanceKm: nil, timeZone: nil,
            dataVersion: "")
        return words(cameraMake: text[0], cameraModel: text[1], sourcePath: text[2], place: place)
    }

    /// The function's arguments, from the `entry` row `row` ("new" in a trigger).
    static func call(_ row: String) -> String {
        "daybook_search_words(\(row).camera_make, \(row).camera_model, \(row).source_path, "
            + "\(row).place_name, \(row).place_region, \(row).place_country, \(row).place_country_code)"
    }

    static func words(cameraMake: String?, cameraModel: String?, sourcePath: String?, place: NamedPlace) -> String {
        var words = [cameraMake, cameraModel].compactMap { $0 }
        // A journal file's name is a date and an id, not words: searching "2024" or a short id
        // would find every text entry of the day. Its path is relative; a photo's is absolute.
        if let sourcePath, !sourcePath.hasPrefix(JournalFilePath.folderName + "/") {
            // "DSCN0012.JPG" → "DSCN0012": the extension would make every JPEG match "jpg".
            words.append(((sourcePath as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        if place.name != nil || place.country != nil, let gazetteer = try? Gazetteer.shared() {
            words += gazetteer.searchNames(for: place)
        }
        return words.joined(separator: " ")
    }
}
