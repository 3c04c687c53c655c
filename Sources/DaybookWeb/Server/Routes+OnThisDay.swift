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
    /// `/on-this-day?date=MM-DD` (default today) shows the newest page; `before=ID` continues
    /// after that entry, as the timeline's pages do.
    func onThisDayPage(_ fields: FormFields) async throws -> Response {
        let today = Self.today()
        var day = today.date.monthDay
        if let text = fields.first("date"), !text.isEmpty {
            guard let given = MonthDay(text) else { return badParameter("date", text, "a day of the year as MM-DD, such as 07-14") }
            day = given
        }
        let ask = OnThisDayAsk(
            monthDay: day, beforeYear: today.year,
            includeLeapDay: day == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(today.year))
        let before = fields.first("before").flatMap { $0.isEmpty ? nil : $0 }
        let size = configuration.pageSize
        let read = try await store.read { reader -> (tiles: TileEntries, more: Bool, total: Int)? in
            var cursor: TimelineTile?
            if let before {
                guard let tile = try Self.cursor(before, reader) else { return nil }
                cursor = tile
            }
            // The one more than shown only says that there is a next page.
            let entries = try reader.onThisDayTiles(ask, after: cursor, limit: size + 1)
            return (try reader.tiles(Array(entries.prefix(size))), entries.count > size, try reader.onThisDayCount(ask))
        }
        guard let read else { return notFound("That page of on this day is gone: its entry was deleted.") }
        let link = "/on-this-day?date=\(day)"
        let more = read.more ? read.tiles.tiles.last.map { "\(link)&before=\($0.id)" } : nil
        let paging = OnThisDayPaging(total: read.total, newest: before == nil ? nil : link, more: more)
        return Answer.html(pages.onThisDay(read.tiles, day: day, thisYear: today.year, pages: paging))
    }
}
