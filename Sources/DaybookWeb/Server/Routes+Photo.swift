import DaybookIngest
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// The entry page's photo form: `action=attach|replace|detach` and `photo=<entry id>` (of
    /// a photo `POST /uploads` or an ingest made), through the store's one call for each, as
    /// `daybook photo` uses it. A refusal is a page saying why and what to do; nothing changed.
    func addPhotoRoutes(to router: Router<BasicRequestContext>) {
        router.post("/entries/:id/photo") { request, context in
            try await editing(request, context) { entry, fields in
                let back = "/entries/\(entry.id)"
                func refused(_ message: String, _ status: HTTPResponse.Status = .conflict) throws -> Response {
                    Answer.html(try pages.message("Photo not changed", message + " Nothing was changed.", back: back), status: status)
                }
                do {
                    switch fields.first("action") {
                    case "attach":
                        let photo = try store.entry(idPrefix: try Self.photoField(fields))
                        let words = try store.attachPhoto(to: entry.id, photo: photo.id)
                        sidecars.entryChanged(words.id, [.text, .tags, .date, .place], store: store)
                        return Answer.seeOther("/entries/\(words.id)")
                    case "detach":
                        let reread = try Ingester(store: store).reread(entry)
                        return Answer.seeOther("/entries/\(try store.detachPhoto(from: entry.id, reread: reread).words.id)")
                    case "replace":
                        let photo = try store.entry(idPrefix: try Self.photoField(fields))
                        let reread = try Ingester(store: store).reread(entry)
                        let words = try store.replacePhoto(of: entry.id, with: photo.id, reread: reread).words
                        sidecars.entryChanged(words.id, [.text, .tags, .date, .place], store: store)
                        return Answer.seeOther("/entries/\(words.id)")
                    default:
                        return try refused("The form's action must be attach, replace or detach.", .badRequest)
                    }
                } catch let refusal as PhotoChangeRefusal {
                    return try refused(Self.sentence(refusal.description))
                } catch let error as RereadError {
                    return try refused("The photo's file cannot be read again (\(error)), so it stays on this entry.")
                } catch let error as StoreError where error.code == .entryNotFound || error.code == .ambiguousID {
                    return try refused(Self.sentence(error.description), .badRequest)
                } catch let error as JournalFileError {
                    return try journalFileRefusal(error)
                }
            }
        }
    }

    /// The `photo` field: an entry id or a unique prefix of one.
    private static func photoField(_ fields: FormFields) throws -> String {
        let text = (fields.first("photo") ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw PhotoChangeRefusal("give the photo's entry id") }
        return text
    }

    /// A store's line as a sentence: capital first, full stop last.
    private static func sentence(_ line: String) -> String {
        let text = line.prefix(1).uppercased() + line.dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }
}
