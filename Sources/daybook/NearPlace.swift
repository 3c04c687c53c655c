import DaybookCore
import DaybookPlaces
import DaybookStore
import Foundation

/// `search --near NAME`: a place name resolved offline to its position.
enum NearPlace {
    static func looksLikeEntryID(_ text: String) -> Bool { NearPoint.looksLikeEntryID(text) }

    /// The most populous place of that name (`Gazetteer.nearPlace`). When others share the
    /// name, a note on standard error says which was taken and how to list them all
    /// (`daybook places --find NAME`, with `--json` for scripts).
    static func resolve(_ name: String, option: String = "--near") throws -> GeoLocation {
        guard let choice = try Gazetteer.shared().nearPlace(named: name) else {
            let forms = option == "--near" ? "LAT,LON, an entry id," : "LAT,LON"
            throw CommandError(description: "\(option): no place called \(name) (give \(forms) or a town's name like \"Paris, FR\")")
        }
        if let note = choice.note {
            Console.writeError("daybook: note: \(option) \(name): \(note): `daybook places --find \"\(name)\"` lists them")
        }
        return choice.location
    }
}
