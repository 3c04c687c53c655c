import ArgumentParser
import DaybookCore
import DaybookPlaces
import DaybookStore
import Foundation

/// `search --near NAME`: a place name resolved offline to its position; and `--place` of
/// `write` and `edit`, read by `EntryPlaceInput` as the web's Place field is.
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
        note(choice, option: option)
        return choice.location
    }

    /// `--place`: LAT,LON as written, else a place name resolved offline.
    static func location(_ text: String, option: String = "--place") throws -> GeoLocation {
        do {
            let resolved = try EntryPlaceInput.resolve(text) { try Gazetteer.shared() }
            if let choice = resolved.choice { note(choice, option: option) }
            return resolved.location
        } catch EntryPlaceInput.Problem.offEarth {
            throw ValidationError("\(option): \(text) is not a place on Earth.")
        } catch EntryPlaceInput.Problem.blank {
            throw ValidationError("\(option): give LAT,LON or a town's name like \"Paris, FR\".")
        } catch EntryPlaceInput.Problem.noSuchPlace {
            throw CommandError(description: "\(option): no place called \(text) (give LAT,LON or a town's name like \"Paris, FR\")")
        }
    }

    private static func note(_ choice: NearPlaceChoice, option: String) {
        if let note = choice.note {
            Console.writeError("daybook: note: \(option) \(choice.name): \(note): `daybook places --find \"\(choice.name)\"` lists them")
        }
    }
}
