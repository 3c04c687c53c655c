import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// The entry page's conflict forms: keep this journal's text, the other device's, or a
    /// merge, for the copy the form names; then the copy goes (`JournalStore.resolveConflict`).
    func addConflictRoutes(to router: Router<BasicRequestContext>) {
        router.post("/entries/:id/conflict") { request, context in
            try await editing(request, context, upTo: Self.textFormLimit) { entry, fields in
                let conflicts = JournalConflict.of(entry, in: store.library)
                guard let conflict = conflicts.first(where: { $0.copy.fileName == fields.first("copy") }) else {
                    let message = "This version is not beside the entry's file any more: it was settled already. Nothing was changed."
                    return Answer.html(try pages.message("Already settled", message), status: .conflict)
                }
                let choice: ConflictChoice
                switch (fields.first("keep"), fields.first("text")) {
                case ("mine", _): choice = .mine
                case ("theirs", _): choice = .theirs
                // Browsers send CRLF from a textarea; the journal stores lines.
                case (nil, let text?): choice = .text(text.replacingOccurrences(of: "\r\n", with: "\n"))
                default: return Answer.problem(.badRequest, "keep (mine or theirs) or text is missing")
                }
                do {
                    try store.resolveConflict(conflict, keeping: choice)
                } catch let error as StoreError where error.code == .textTooLong {
                    return try textTooLarge
                } catch let error as StoreError {
                    return Answer.html(try pages.message("Not settled", "\(error.description) Both versions are kept."), status: .conflict)
                } catch let error as JournalFileError {
                    return try journalFileRefusal(error)
                }
                return Answer.seeOther("/entries/\(entry.id)")
            }
        }
    }
}
