/// Which columns a list line shows, and how wide each is. `full` is the line every list
/// writes to a file or a pipe, byte for byte the same for scripts; a terminal narrower than it
/// gets `fitting(_:reserved:)`, which gives the least needed columns up first (tags, then the
/// weather, then the text), so a line does not wrap into the next.
package struct ListLayout: Sendable, Hashable {
    package var place: Int
    /// Nil: the column is left out.
    package var weather: Int?
    package var tags: Int?
    package var text: Int?

    package static let full = ListLayout(place: 28, weather: 20, tags: 24, text: 40)

    /// The narrowest a place or text column becomes before it is left out or stops narrowing:
    /// fewer characters than this say too little to be worth the room.
    static let narrowest = 12

    /// The width of a line, its two-space indent included, with `reserved` columns after it
    /// (a "near" search's distance): the date, each column with the two spaces before it, and
    /// the short id.
    package func lineWidth(reserved: Int = 0) -> Int {
        let columns = [place, weather, tags, text].compactMap { $0 }.reduce(0) { $0 + 2 + $1 }
        return 2 + ListDate.undated.count + columns + 2 + 8 + reserved
    }

    /// The widest layout whose lines fit in `width` terminal columns. The least needed column
    /// gives way first: it narrows when that is enough, keeping `narrowest` characters, and is
    /// left out when it is not; the place narrows last, and stays. A list whose entries have
    /// no text (`hasText` false) needs no room for it, and keeps its tags and weather longer.
    package static func fitting(_ width: Int, reserved: Int = 0, hasText: Bool = true) -> ListLayout {
        var layout = full
        if !hasText { layout.text = nil }
        func over() -> Int { layout.lineWidth(reserved: reserved) - width }
        for column in [\ListLayout.tags, \.weather, \.text] where over() > 0 {
            guard let current = layout[keyPath: column] else { continue }
            layout[keyPath: column] = current - over() >= narrowest ? current - over() : nil
        }
        if over() > 0 { layout.place = max(narrowest, layout.place - over()) }
        return layout
    }
}
