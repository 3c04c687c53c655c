import DaybookCore
import DaybookIngest
import DaybookPlaces
import DaybookStore
import Foundation

/// `search --near NAME`: a place name resolved offline to its position.
enum NearPlace {
    /// Entry ids are lower-case hex and dashes: 4+ such characters are tried as an id first.
    static func looksLikeEntryID(_ text: String) -> Bool {
        text.utf8.count >= 4 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }

    /// The most populous place of that name (`"Paris, FR"` narrows by country or region).
    /// When others share the name, a note on standard error says which was taken and how to
    /// list them all (`daybook places --find NAME`, with `--json` for scripts).
    static func resolve(_ name: String) throws -> GeoLocation {
        let candidates = try EntryPlacer.embedded().gazetteer.places(named: name, limit: 50)
        guard let chosen = candidates.first else {
            throw CommandError(
                description: "--near: no place called \(name) (give LAT,LON, an entry id, or a town's name like \"Paris, FR\")")
        }
        if candidates.count > 1 {
            let others =
                candidates.count == 50
                ? "49 or more other places have" : candidates.count == 2 ? "1 other place has" : "\(candidates.count - 1) other places have"
            Console.writeError(
                TerminalText(
                    "daybook: note: --near \(name): \(chosen.place.fullLabel) (\(chosen.population) people); \(others) that name: "
                        + "`daybook places --find \"\(name)\"` lists them"))
        }
        return chosen.location
    }
}
