import DaybookCore
import DaybookPlaces
import DaybookPresentation
import DaybookStore
import XCTest

/// The reminder's words, said once for every channel: headings by year and place, the
/// thumbnails picked across years, the link, and HTML that shows the journal's words as text.
final class ReminderTests: XCTestCase {
    private func entry(
        _ id: String, _ local: String, town: String?, country: String = "Portugal", text: String = "", thumbnail: Bool = true
    )
        -> JournalEntry
    {
        var entry = JournalEntry(
            id: id, contentHash: String(repeating: String(id.prefix(1)), count: 64), sourcePath: "/p/\(id).jpg", fileSize: 1,
            capture: CaptureTime(local: LocalDateTime(exif: local)!, source: .dateTimeOriginal),
            location: GeoLocation(latitude: 38.7, longitude: -9.1), pixelSize: nil,
            thumbnail: thumbnail ? String(repeating: String(id.prefix(1)), count: 64) + ".jpg" : nil, thumbnailSize: nil, problems: [])
        entry.place = NamedPlace(
            name: town, region: nil, country: country, countryCode: "PT", distanceKm: 1, timeZone: nil, dataVersion: "t")
        entry.text = text
        return entry
    }

    func testEachYearIsHeadedByHowLongAgoAndWhereAndThePicturesComeFromEveryYearFirst() {
        let today = CivilDate(year: 2026, month: 7, day: 14)!
        let entries = [
            entry("a", "2023:07:14 10:30:00", town: "Lisbon", text: "A walk\nby the river"),
            entry("b", "2023:07:14 09:00:00", town: "Porto"),
            entry("c", "2023:07:14 08:00:00", town: "Lisbon"),
            entry("d", "2025:07:14 08:00:00", town: nil, country: "Spain"),
            entry("e", "2019:07:14 08:00:00", town: "Faro"),
        ].sorted { ($0.capturedLocal!, $0.id) > ($1.capturedLocal!, $1.id) }
        let reminder = Reminder(today: today, kind: .onThisDay, entries: entries, site: "http://nas.local:8080/journal/")
        XCTAssertEqual(reminder.years.map(\.heading), ["a year ago, in Spain", "3 years ago, in Lisbon and Porto", "7 years ago, in Faro"])
        XCTAssertEqual(reminder.subject, "On this day: a year ago, in Spain, and 2 more years")
        XCTAssertEqual(reminder.link, "http://nas.local:8080/journal/on-this-day?date=07-14")
        XCTAssertEqual(reminder.pictures.map(\.entryID), ["d", "a", "e", "b"])
        XCTAssertTrue(reminder.plainText.contains("  10:30  photo  Lisbon, Portugal  A walk\n"), reminder.plainText)
    }

    func testTheHTMLShowsTheJournalsWordsAsTextAndOnlyTheGivenPictures() {
        let hostile = "<img src=x onerror=alert(1)> & \"quotes\""
        let entries = [entry("a", "2020:07:14 10:30:00", town: "<b>Town</b>", text: hostile)]
        let reminder = Reminder(today: CivilDate(year: 2026, month: 7, day: 14)!, kind: .onThisDay, entries: entries, site: nil)
        let html = reminder.html { _ in "cid:picture1@example.org" }
        XCTAssertFalse(html.contains("<img src=x"), html)
        XCTAssertFalse(html.contains("<b>"), html)
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;"), html)
        XCTAssertTrue(html.contains("<img src=\"cid:picture1@example.org\" alt=\"&lt;b&gt;Town&lt;/b&gt;, Portugal, 2020\""), html)
        XCTAssertFalse(reminder.html { _ in nil }.contains("<img"), "a picture without a source is left out")
        XCTAssertFalse(html.contains("<a href"), "no link without the web journal's address")
    }
}
