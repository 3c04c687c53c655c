import DaybookCore
import DaybookStore
import Hummingbird

/// Where the server's on-this-day page stands among its pages.
struct OnThisDayPaging: Sendable {
    let total: Int
    let newest: String?
    let more: String?
}

extension WebJournal {
    /// `/on-this-day?date=MM-DD` or `YYYY-MM-DD` (default today) shows the newest page; `before=ID` continues
    /// after that entry, as the timeline's pages do.
    func onThisDayPage(_ fields: FormFields) async throws -> Response {
        let today = Self.today()
        var day = today.date.monthDay
        if let text = fields.first("date"), !text.isEmpty {
            // The page's date picker sends a whole date: its year does not matter here.
            let monthDay = text.wholeMatch(of: /[0-9]{4}-([0-9]{2}-[0-9]{2})/).map { String($0.output.1) } ?? text
            guard let given = MonthDay(monthDay) else {
                return try badParameter("date", text, "a day of the year as MM-DD, such as 07-14")
            }
            day = given
        }
        let ask = OnThisDayAsk(
            monthDay: day, beforeYear: today.year,
            includeLeapDay: day == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(today.year))
        let before = fields.first("before").flatMap { $0.isEmpty ? nil : $0 }
        // Text that is not id-shaped at all ("../", "%00") never reaches the store.
        if let before, !EntryIDText.isWellFormed(before) { return try onThisDayGone() }
        let (size, pages) = (configuration.pageSize, pages)
        // Rendered on the thread that read it, inside the read, as the timeline is: one hop
        // to the store and back, the body ready to send.
        let body = try await store.read { [day] reader -> ByteBuffer? in
            // The one more than shown only says that there is a next page.
            guard var rows = try reader.onThisDayRows(ask, afterID: before, limit: size + 1) else { return nil }
            let more = rows.tiles.count > size
            rows.tiles = Array(rows.tiles.prefix(size))
            let tiles = try reader.tiles(rows)
            let link = "/on-this-day?date=\(day)"
            let next = more ? tiles.tiles.last.map { "\(link)&before=\($0.id)" } : nil
            let paging = OnThisDayPaging(total: try reader.onThisDayCount(ask), newest: before == nil ? nil : link, more: next)
            return try pages.onThisDayBody(tiles, day: day, thisYear: today.year, pages: paging)
        }
        guard let body else { return try onThisDayGone() }
        return Answer.html(body)
    }

    private func onThisDayGone() throws -> Response {
        try notFound("That page of on this day is gone: its entry was deleted.")
    }
}
