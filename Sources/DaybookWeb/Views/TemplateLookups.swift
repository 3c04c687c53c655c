import NIOCore

// The models the timeline renders for every tile answer the templates' names directly, with
// typed values (`TemplateModel`): `TypedTemplate` renders the timeline and its tiles from these
// with no dynamic casts, and swift-mustache (search, on this day, latest) reads the same lists
// instead of going through Mirror. A name not listed reads as missing, exactly as Mirror reads
// a nil optional. A new field shown in tile.mustache is one more `case` in EntryTile's list,
// and its lines in `TileWriter` (`TileWriterTests` fails until they are there).

extension EntryTile: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "id": .init(id)
        case "href": .init(href)
        case "image": .init(image)
        case "noImage": .init(noImage)
        case "day": .init(day)
        case "time": .init(time)
        case "place": .init(place)
        case "weather": .init(weather)
        case "tags": .init(tags)
        case "hasTags": .init(hasTags)
        case "excerpt": .init(excerpt)
        case "distance": .init(distance)
        case "video": .init(video)
        case "stack": .init(stack)
        case "html": .fragment(self)
        default: .missing
        }
    }
}

extension EntryTile: HTMLFragment {
    func write(into output: inout ByteBuffer) { TileWriter.write(self, into: &output) }
}

extension ImageView: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "src": .init(src)
        case "width": .init(width)
        case "height": .init(height)
        case "alt": .init(alt)
        default: .missing
        }
    }
}

extension TagView: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "name": .init(self.name)
        case "isUser": .init(isUser)
        case "search": .init(search)
        default: .missing
        }
    }
}

extension TileSection: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "title": .init(title)
        case "anchor": .init(anchor)
        case "tiles": .init(tiles)
        default: .missing
        }
    }
}

extension PageFrame: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "title": .init(title)
        case "nav": .init(nav)
        case "stylesheet": .init(stylesheet)
        case "styles": .init(styles)
        case "scripts": .init(scripts)
        case "csrf": .init(csrf)
        case "bodyClass": .init(bodyClass)
        case "compact": .init(compact)
        case "query": .init(query)
        default: .missing
        }
    }
}

extension NavLinks: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "timeline": .init(timeline)
        case "onThisDay": .init(onThisDay)
        case "map": .init(map)
        case "tags": .init(tags)
        case "search": .init(search)
        case "latest": .init(latest)
        default: .missing
        }
    }
}

extension TimelinePage: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "frame": .init(frame)
        case "jump": .init(jump)
        // Missing when empty, so that `{{^grid}}` shows the empty journal's words.
        case "grid": grid.isEmpty ? .missing : .fragment(grid)
        case "empty": .init(empty)
        case "api": .init(api)
        case "newer": .init(newer)
        case "older": .init(older)
        case "olderCursor": .init(olderCursor)
        default: .missing
        }
    }
}

extension JumpForm: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "action": .init(action)
        case "month": .init(month)
        default: .missing
        }
    }
}
