import DaybookCore
import DaybookIngest
import DaybookPlaces
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// The entry page's date and place forms: the same store call as `daybook edit --date`
    /// and `--place`, a place read as `--place` reads it (`EntryPlaceInput`), named and zoned
    /// as ingest does it (`EntryPlacer`). A value sent back as the page showed it changes
    /// nothing.
    func addPlaceAndDateRoutes(to router: Router<BasicRequestContext>) {
        router.post("/entries/:id/date") { request, context in
            try await editing(request, context) { entry, fields in
                let text = fields.first("date") ?? ""
                guard text != EntryWhenWhere.dateField(entry) else { return Answer.seeOther("/entries/\(entry.id)") }
                guard let date = EntryWhenWhere.date(text) else {
                    let message =
                        "\"\(text)\" is not a date: give one like 2024-05-17 12:30 (a year from 1826 to 2999). Nothing was changed."
                    return Answer.html(try pages.message("Date not changed", message, back: "/entries/\(entry.id)"), status: .badRequest)
                }
                do {
                    try store.edit(entryID: entry.id, capturedAt: date, rezone: EntryPlacer.zone)
                } catch let error as JournalFileError {
                    return try journalFileRefusal(error)
                }
                sidecars.entryChanged(entry.id, .date, store: store)
                return Answer.seeOther("/entries/\(entry.id)")
            }
        }
        router.post("/entries/:id/place") { request, context in
            try await editing(request, context) { entry, fields in
                let text = fields.first("place") ?? ""
                guard text.trimmingCharacters(in: .whitespaces) != EntryWhenWhere.placeField(entry) else {
                    return Answer.seeOther("/entries/\(entry.id)")
                }
                let back = "/entries/\(entry.id)"
                let resolved: EntryPlaceInput.Resolved
                do {
                    resolved = try EntryPlaceInput.resolve(text) { try Gazetteer.shared() }
                } catch let problem as EntryPlaceInput.Problem {
                    let message = Self.placeRefusal(problem, text)
                    return Answer.html(try pages.message("Place not changed", message, back: back), status: .badRequest)
                }
                let placer = EntryPlacer(gazetteer: try Gazetteer.shared())
                do {
                    try store.edit(entryID: entry.id, location: resolved.location, place: placer.place)
                } catch let error as JournalFileError {
                    return try journalFileRefusal(error)
                } catch let error as StoreError where error.code == .undated {
                    return Answer.html(try pages.message("Place not changed", error.description, back: back), status: .conflict)
                }
                sidecars.entryChanged(entry.id, .place, store: store)
                // A name others share: the page says which place was taken and how to choose another.
                if let choice = resolved.choice, let note = choice.note {
                    let message =
                        "The entry is now at \(note). If you meant another, add its country or region, like "
                        + "\"\(choice.name), US\", or give its latitude and longitude."
                    return Answer.html(try pages.message("Place saved", message, back: back))
                }
                return Answer.seeOther(back)
            }
        }
    }

    /// One line a person can act on, for a place that cannot be read.
    static func placeRefusal(_ problem: EntryPlaceInput.Problem, _ text: String) -> String {
        let forms = "a town's name like \"Paris, FR\" or a latitude and longitude like 48.8566,2.3522"
        switch problem {
        case .blank: return "The place is empty: give \(forms). Nothing was changed."
        case .offEarth:
            return "\"\(text)\" is not a place on Earth (latitude within ±90, longitude within ±180). Nothing was changed."
        case .noSuchPlace:
            return "No place called \"\(text)\" is in the offline list of towns: give \(forms). Nothing was changed."
        }
    }
}
