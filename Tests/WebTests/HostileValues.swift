import DaybookCore
import DaybookStore
import Foundation

/// What an outside value (a place name, a tag, an entry's text) could carry to break out of the
/// text or attribute a page shows it in.
enum HostileValues {
    /// A quote joined by a combining mark is one Character ("\"\u{338}") but still a quote byte
    /// to the browser: escaped Character by Character, it closed the attribute it stood in.
    static let place = "Paris\"\u{338} onerror=alert(1) x=\"<script>alert(2)</script>&'"
    static let tag = "<b>tag</b>\"\u{301}'&"
    static let text = "</p><script>alert(3)</script> '\u{301} onclick=alert(4) & \"quotes\""
}

extension WebFixture {
    /// The web fixture with hostile text, place and tag on its Paris entry, and a tag of the user's.
    static func hostileParis() throws -> WebFixture {
        let fixture = try WebFixture()
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        _ = try fixture.store.updatePlaces(version: "hostile", limit: 1000) { entry in
            if entry.id == paris.id { entry.place?.name = HostileValues.place }
        }
        try fixture.store.replaceAutoTags(
            entryID: paris.id, with: [AutoTag(name: HostileValues.tag, score: 0.9)], taggerVersion: 1)
        _ = try fixture.store.editTags(entryID: paris.id, add: ["mine"], remove: [])
        try fixture.store.edit(entryID: paris.id, text: HostileValues.text)
        return fixture
    }
}
