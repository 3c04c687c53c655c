import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    // Each page is one awaited store read (`JournalStore.read`), then rendered.
    func addPageRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            let fields = FormFields(request.uri.query)
            // Tiles then carry a mark the journal's change count does not count (`ConflictMarks`).
            if try await !conflictMarks.copies().isEmpty {
                return try await cache.answerAfresh { try await timelinePage(fields, counting: $0) }
            }
            return try await cache.answer(request) { changes in try await timelinePage(fields, counting: changes) }
        }
        router.get("/entries/:id") { request, context in
            let id = context.parameters.get("id")
            let page = { () async throws -> Response in
                let (found, folders) = try await store.read { [named = configuration.originalFolders] reader in
                    // The page looks at the first bytes of the entry's file only under these (`OriginalPhoto.head(of:)`).
                    let folders = try OriginalPhoto.allowedFolders(reader, named: named)
                    let read = try OriginalPhoto.$pageFolders.withValue(folders) {
                        try Self.entry(id, reader).map { try reader.entryPage($0) }
                    }
                    return (read, folders)
                }
                guard var read = found else { return try notFound() }
                read.conflicts = try await BlockingPools.files.runIfActive { [entry = read.entry, library = store.library] in
                    JournalConflict.of(entry, in: library)
                }
                return Answer.html(try OriginalPhoto.$pageFolders.withValue(folders) { try pages.entry(read) })
            }
            // A page that may show a conflict copy is made afresh (`ConflictMarks`).
            if let id, try await conflictMarks.mayNameEntry(id) { return try await page() }
            return try await cache.answer(request) { try await page() }
        }
        router.get("/search") { request, _ in
            let fields = FormFields(request.uri.query)
            let page = { try await searchPage(SearchForm(fields), before: fields.first("before").flatMap { $0.isEmpty ? nil : $0 }) }
            // Its tiles carry the conflict marks too, which the change count does not count.
            if try await !conflictMarks.copies().isEmpty { return try await page() }
            return try await cache.answer(request) { try await page() }
        }
        router.get("/on-this-day") { request, _ in try await onThisDayPage(FormFields(request.uri.query)) }
        router.get("/latest") { _, _ in Answer.html(try pages.latest(try await store.read { try $0.tiles($0.latest(5)) })) }
        router.get("/tags") { request, _ in
            try await cache.answer(request) { Answer.html(try pages.tags(try await store.read { try $0.tagCounts() })) }
        }
        router.get("/map") { _, _ in Answer.html(try pages.map(places: "/api/map")) }
    }

    /// `/?before=ID` continues after that entry; `/?month=YYYY-MM` starts at that month.
    /// The page is rendered on the thread that read it, inside the read: one hop to the
    /// store and back, the body ready to send. The journal's change count is asked in the
    /// same read, before the page's rows (`AnswerCache.answer(_:counting:)`).
    func timelinePage(_ fields: FormFields, counting changes: ChangeCounter) async throws -> (response: Response, changeCount: Int?) {
        let size = configuration.pageSize
        var month: CalendarMonth?
        if let text = fields.first("month"), !text.isEmpty {
            guard let given = CalendarMonth(text) else {
                return (try badParameter("month", text, "a month as YYYY-MM, such as 2024-05"), nil)
            }
            month = given
        }
        let before = fields.first("before").flatMap { $0.isEmpty ? nil : $0 }
        let isFirst = fields.first("before") == nil && month == nil
        let (start, pages) = (month, pages)
        let conflicted = try await conflictMarks.shortIDs()
        let (body, changeCount) = try await store.read { reader -> (ByteBuffer?, Int) in
            let changeCount = try changes.countNow()
            var rows: TimelineRows
            if let before {
                // Text that is not id-shaped at all ("../", "%00") never reaches the store.
                guard EntryIDText.isWellFormed(before), let after = try reader.timelineRows(afterID: before, limit: size + 1) else {
                    return (nil, changeCount)
                }
                rows = after
            } else if let start {
                rows = try reader.timelineRows(capturedBefore: start.lastDay.adding(days: 1), limit: size + 1)
            } else {
                rows = try reader.timelineRows(limit: size + 1)
            }
            // The one more than shown only says that there is a next page.
            let more = rows.tiles.count > size
            rows.tiles = Array(rows.tiles.prefix(size))
            var tiles = try reader.tiles(rows)
            tiles.conflicted = conflicted
            let older = more ? tiles.tiles.last.map { (href: "/?before=\($0.id)", cursor: $0.id) } : nil
            // The first page says how far the full-quality thumbnails are, while any wait.
            let refining = isFirst ? try reader.refinementCounts() : nil
            let body = try pages.timelineBody(
                tiles, newer: isFirst ? nil : "/", older: older, month: start?.description ?? "", refining: refining)
            return (body, changeCount)
        }
        guard let body else { return (try notFound("That page of the timeline is gone: its entry was deleted."), changeCount) }
        return (Answer.html(body), changeCount)
    }

    /// A page of matches in timeline order; `before=ID` continues after that entry through the
    /// store's own cursor, as the timeline does (`JournalQuery.before`). "near" orders by
    /// distance, which the cursor cannot continue: it shows the nearest `nearLimit`.
    /// The page is rendered on the thread that read it, inside the read, as the timeline is.
    func searchPage(_ form: SearchForm, before: String?) async throws -> Response {
        guard !form.isEmpty else { return Answer.html(try pages.search(form, results: nil, problem: nil)) }
        do {
            let size = configuration.pageSize
            let (query, note) = try form.read(store: store, limit: form.near.isEmpty ? size + 1 : Self.nearLimit)
            let pages = pages
            let conflicted = try await conflictMarks.shortIDs()
            let read = try await store.read { [query] reader -> SearchRead in
                var found: SearchRows
                if let before {
                    guard query.near == nil else { return .problem("before does not combine with near") }
                    // Text that is not id-shaped at all ("../", "%00") never reaches the store.
                    guard EntryIDText.isWellFormed(before), let after = try reader.searchRows(query, afterID: before) else {
                        return .cursorGone
                    }
                    found = after
                } else {
                    // Only what the tiles show, not whole entries.
                    found = try reader.searchRows(query)
                }
                let more = query.near == nil && found.rows.tiles.count > size
                if more { found.rows.tiles.removeLast() }
                var tiles = try SearchTiles(found, reader)
                tiles.tiles.conflicted = conflicted
                let older = more ? tiles.tiles.tiles.last.map { form.link(before: $0.id) } : nil
                return .page(try pages.searchBody(form, found: tiles, problem: nil, note: note, older: older, continued: before != nil))
            }
            switch read {
            case .cursorGone: return try notFound("That page of the search is gone: its entry was deleted.")
            case .problem(let text): throw SearchForm.Problem(description: text)
            case .page(let body): return Answer.html(body)
            }
        } catch let problem as SearchForm.Problem {
            return Answer.html(try pages.search(form, results: nil, problem: problem.description), status: .badRequest)
        }
    }

    /// A "near" search's page: its nearest matches, the rest cut off.
    static let nearLimit = 500

    /// An entry by id (or unique prefix); nil for anything that is not one, including text
    /// that is not id-shaped at all ("../", "%00"), which never reaches the store.
    /// One awaited read, off the cooperative pool's threads.
    func lookUp(_ id: String?) async throws -> JournalEntry? {
        try await store.read { reader in try Self.entry(id, reader) }
    }

    /// `lookUp(_:)` inside a page's read.
    static func entry(_ id: String?, _ reader: JournalReader) throws -> JournalEntry? {
        guard let id, EntryIDText.isWellFormed(id) else { return nil }
        return try reader.entry(idPrefix: id)
    }

    /// 400 for a query parameter that does not read, saying what it must look like.
    func badParameter(_ name: String, _ value: String, _ shape: String) throws -> Response {
        Answer.html(try pages.message("Bad request", "\(name)=\(value) does not read: \(name) must be \(shape)."), status: .badRequest)
    }

    func notFound(_ message: String = "There is no such page in this journal.") throws -> Response {
        Answer.html(try pages.message("Not found", message), status: .notFound)
    }

    /// Today as the machine's clock and zone say, like `daybook on-this-day`.
    static func today() -> LocalDateTime { LocalClock.now() }
}

/// What a search page read: the page, rendered, or why there is none.
private enum SearchRead: Sendable {
    case cursorGone
    case problem(String)
    case page(ByteBuffer)
}
