import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    func addPageRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try cache.answer(request) { try timelinePage(FormFields(request.uri.query)) } }
        router.get("/entries/:id") { request, context in
            try cache.answer(request) {
                guard let entry = try lookUp(context.parameters.get("id")) else { return notFound() }
                let neighbours = try store.timelineNeighbours(of: entry)
                return Answer.html(try pages.entry(entry, newer: neighbours.newer, older: neighbours.older))
            }
        }
        router.get("/search") { request, _ in try cache.answer(request) { try searchPage(SearchForm(FormFields(request.uri.query))) } }
        router.get("/on-this-day") { request, _ in
            let today = Self.today()
            var day = today.date.monthDay
            if let text = FormFields(request.uri.query).first("date"), !text.isEmpty {
                guard let given = MonthDay(text) else { return badParameter("date", text, "a day of the year as MM-DD, such as 07-14") }
                day = given
            }
            let leap = day == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(today.year)
            let entries = try store.onThisDay(monthDay: day, beforeYear: today.year, includeLeapDay: leap)
            return Answer.html(try pages.onThisDay(entries, day: day, thisYear: today.year))
        }
        router.get("/latest") { _, _ in Answer.html(try pages.latest(try store.latest(5))) }
        router.get("/tags") { request, _ in try cache.answer(request) { Answer.html(pages.tags(try store.tagCounts())) } }
        router.get("/map") { _, _ in Answer.html(pages.map(places: "/api/places")) }
    }

    /// `/?before=ID` continues after that entry; `/?month=YYYY-MM` starts at that month.
    func timelinePage(_ fields: FormFields) throws -> Response {
        let size = configuration.pageSize
        var entries: [JournalEntry]
        var month: CalendarMonth?
        if let text = fields.first("month"), !text.isEmpty {
            guard let given = CalendarMonth(text) else { return badParameter("month", text, "a month as YYYY-MM, such as 2024-05") }
            month = given
        }
        if let before = fields.first("before"), !before.isEmpty {
            guard let cursor = try lookUp(before) else { return notFound("That page of the timeline is gone: its entry was deleted.") }
            entries = try store.timeline(after: cursor, limit: size + 1)
        } else if let month {
            let next = month.lastDay.adding(days: 1)
            entries = try store.timeline(capturedBefore: next, limit: size + 1)
        } else {
            entries = try store.timeline(after: nil, limit: size + 1)
        }
        let more = entries.count > size
        if more { entries.removeLast() }
        let older = more ? entries.last.map { (href: "/?before=\($0.id)", cursor: $0.id) } : nil
        let isFirst = fields.first("before") == nil && month == nil
        return Answer.html(
            try pages.timeline(entries, newer: isFirst ? nil : "/", older: older, month: month?.description ?? ""))
    }

    func searchPage(_ form: SearchForm) throws -> Response {
        guard !form.isEmpty else { return Answer.html(try pages.search(form, results: nil, problem: nil)) }
        do {
            let (query, note) = try form.read(store: store, limit: 500)
            return Answer.html(try pages.search(form, results: try store.search(query), problem: nil, note: note))
        } catch let problem as SearchForm.Problem {
            return Answer.html(try pages.search(form, results: nil, problem: problem.description), status: .badRequest)
        }
    }

    /// An entry by id (or unique prefix); nil for anything that is not one, including text
    /// that is not id-shaped at all ("../", "%00"), which never reaches the store.
    func lookUp(_ id: String?) throws -> JournalEntry? {
        guard let id, EntryIDText.isWellFormed(id) else { return nil }
        do {
            return try store.entry(idPrefix: id)
        } catch let error as StoreError where error.code == .entryNotFound || error.code == .ambiguousID {
            return nil
        }
    }

    /// 400 for a query parameter that does not read, saying what it must look like.
    func badParameter(_ name: String, _ value: String, _ shape: String) -> Response {
        Answer.html(pages.message("Bad request", "\(name)=\(value) does not read: \(name) must be \(shape)."), status: .badRequest)
    }

    func notFound(_ message: String = "There is no such page in this journal.") -> Response {
        Answer.html(pages.message("Not found", message), status: .notFound)
    }

    /// Today as the machine's clock and zone say, like `daybook on-this-day`.
    static func today() -> LocalDateTime {
        LocalDateTime(unixSecondsIgnoringZone: Int64(Date().timeIntervalSince1970) + Int64(TimeZone.current.secondsFromGMT()))
    }
}
