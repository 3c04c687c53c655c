import DaybookIngest
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// Edits are form POSTs from the entry page. Each must come from this journal's own pages
    /// (no foreign Origin) and carry the CSRF token; then it answers 303 back to a page.
    func addEditRoutes(to router: Router<BasicRequestContext>) {
        addPlaceAndDateRoutes(to: router)
        addPhotoRoutes(to: router)
        router.post("/entries/:id/text") { request, context in
            try await editing(request, context, upTo: Self.textFormLimit) { entry, fields in
                guard let text = fields.first("text") else { return Answer.problem(.badRequest, "text is missing") }
                // The version the page was made with; a form without one (a script's) saves unconditionally.
                var basedOn: TextVersion?
                if let version = fields.first("version") {
                    guard let version = TextVersion(version) else {
                        return Answer.problem(.badRequest, "the form's version is not one this journal wrote: reload the page")
                    }
                    basedOn = version
                }
                // Browsers send CRLF from a textarea; the journal stores lines.
                let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
                do {
                    try store.edit(entryID: entry.id, text: lines, basedOn: basedOn)
                } catch let conflict as EditConflict {
                    return Answer.html(try pages.editConflict(entry, conflict, csrf: csrf.value), status: .conflict)
                } catch let error as StoreError where error.code == .textTooLong {
                    return try textTooLarge
                } catch let error as StoreError where error.code == .blankText {
                    return Answer.html(try pages.message("Text not saved", error.description), status: .badRequest)
                } catch let error as StoreError where error.code == .undated {
                    return Answer.html(try pages.message("Text not saved", error.description), status: .conflict)
                } catch let error as JournalFileError {
                    return try journalFileRefusal(error)
                }
                sidecars.entryChanged(entry.id, .text, store: store)
                return Answer.seeOther("/entries/\(entry.id)")
            }
        }
        router.post("/entries/:id/tags") { request, context in
            try await editing(request, context) { entry, fields in
                let add = fields.all("add").filter { !$0.isEmpty }
                let remove = fields.all("remove")
                if let problem = TagEditLimits.formProblem(count: add.count + remove.count) {
                    return Answer.html(try pages.message("Too many tags", problem), status: .contentTooLarge)
                }
                do {
                    let current = TagEditLimits.own(try store.tags(entryID: entry.id))
                    if let problem = TagEditLimits.entryProblem(current: current, add: add, remove: remove) {
                        return Answer.html(try pages.message("Too many tags", problem), status: .badRequest)
                    }
                    try store.editTags(entryID: entry.id, add: add, remove: remove)
                } catch let error as StoreError {
                    return Answer.html(try pages.message("Tag not changed", error.description), status: .badRequest)
                } catch let error as JournalFileError {
                    return try journalFileRefusal(error)
                }
                sidecars.entryChanged(entry.id, .tags, store: store)
                return Answer.seeOther("/entries/\(entry.id)")
            }
        }
        // A burst's stack (docs/stacks.md): this frame becomes the cover, or every frame its own entry.
        router.post("/entries/:id/stack/cover") { request, context in
            try await editing(request, context) { entry, _ in
                do {
                    try store.pickCover(entryID: entry.id)
                } catch let error as StoreError where error.code == .notInStack {
                    return Answer.html(try pages.message("Not in a stack", error.description), status: .badRequest)
                }
                return Answer.seeOther("/entries/\(entry.id)")
            }
        }
        router.post("/entries/:id/stack/split") { request, context in
            try await editing(request, context) { entry, _ in
                do {
                    try store.splitStack(entryID: entry.id)
                } catch let error as StoreError where error.code == .notInStack {
                    return Answer.html(try pages.message("Not in a stack", error.description), status: .badRequest)
                }
                return Answer.seeOther("/entries/\(entry.id)")
            }
        }
        router.get("/entries/:id/delete") { _, context in
            if let refusal = try readOnlyRefusal { return refusal }
            guard let entry = try await lookUp(context.parameters.get("id")) else { return try notFound() }
            return Answer.html(try pages.confirmDelete(entry, csrf: csrf.value))
        }
        router.post("/entries/:id/delete") { request, context in
            try await editing(request, context) { entry, fields in
                guard fields.first("confirm") == "yes" else { return Answer.seeOther("/entries/\(entry.id)/delete") }
                let older = try store.timelineNeighbours(of: entry).older
                try store.delete(entryIDs: [entry.id])
                if let name = ThumbnailName(contentHash: entry.contentHash) {
                    _ = try? previews.files.remove(name)
                    _ = try? previews.jpegOriginals.files.remove(name)
                }
                return Answer.seeOther(older.map { "/entries/\($0.id)" } ?? "/")
            }
        }
    }

    /// The text form's largest body: the longest text an entry may have (`maximumTextBytes`)
    /// as a browser encodes it at worst, a newline sent as CRLF and that as `%0D%0A` (six bytes
    /// for one), plus room for the other fields. A text under the limit always arrives; the
    /// store then checks the text itself.
    static let textFormLimit = JournalEntry.maximumTextBytes * 6 + (64 << 10)

    /// The tag and delete forms carry a few short fields.
    static let smallFormLimit = 64 << 10

    /// A text entry's journal file that no longer reads as its own (changed by hand, or by a
    /// sync): it is left as it is, and the page says which line to fix.
    func journalFileRefusal(_ error: JournalFileError) throws -> Response {
        let message = "The entry's journal file does not read as this entry's, so it was left as it is: \(error). Nothing was saved."
        return Answer.html(try pages.message("Not saved", message), status: .conflict)
    }

    var textTooLarge: Response {
        get throws {
            let limit = "\(JournalEntry.maximumTextBytes) bytes (1 MiB) of UTF-8"
            let message = "The text is over the journal's limit of \(limit). Nothing was saved: go back, shorten it and save again."
            return Answer.html(try pages.message("Text too long", message), status: .contentTooLarge)
        }
    }

    /// Checks the token (`WebGuard` has refused a foreign Origin already), reads the form (`limit` bytes at most), finds the entry
    /// and runs `body`, which writes, on `BlockingPools.files`.
    func editing(
        _ request: Request, _ context: BasicRequestContext, upTo limit: Int = smallFormLimit,
        _ body: @escaping @Sendable (JournalEntry, FormFields) throws -> Response
    ) async throws -> Response {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            return try limit == Self.textFormLimit ? textTooLarge : Answer.problem(.contentTooLarge, "the form is too large")
        }
        let fields = FormFields(String(buffer: buffer))
        guard csrf.accepts(fields.first("csrf") ?? request.headers[.init("X-Daybook-CSRF")!]) else {
            return Answer.problem(.forbidden, "the form's token is missing or stale: reload the page and try again")
        }
        guard let entry = try await lookUp(context.parameters.get("id")) else { return try notFound() }
        // Pages kept from before the edit would show the old journal.
        defer { cache.invalidate() }
        // The write waits for SQLite's write lock (a watcher's ingest may hold it for seconds)
        // and for the disk: on a lane of its own, never on a thread of the cooperative pool.
        return try await BlockingPools.files.runIfActive { try body(entry, fields) }
    }
}
