import Mustache

// The models the timeline renders for every tile answer the templates' names directly:
// swift-mustache otherwise finds each name through Mirror, which cost most of a timeline
// page's time (measured with perf on a 100,000-entry library). A name not listed reads as
// missing, exactly as Mirror reads a nil optional.

extension EntryTile: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "href": href
        case "image": image
        case "noImage": noImage
        case "day": day
        case "time": time
        case "place": place
        case "weather": weather
        case "tags": tags
        case "hasTags": hasTags
        case "excerpt": excerpt
        case "distance": distance
        case "video": video
        case "stack": stack
        case "html": TileHTML.shared.html(for: self)
        default: nil
        }
    }
}

extension ImageView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "width": width
        case "height": height
        case "alt": alt
        default: nil
        }
    }
}

extension TagView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "isUser": isUser
        case "search": search
        default: nil
        }
    }
}

extension TileSection: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "anchor": anchor
        case "tiles": tiles
        default: nil
        }
    }
}

extension PageFrame: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "nav": nav
        case "stylesheet": stylesheet
        case "styles": styles
        case "scripts": scripts
        case "csrf": csrf
        case "bodyClass": bodyClass
        case "compact": compact
        case "query": query
        default: nil
        }
    }
}

extension NavLinks: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "timeline": timeline
        case "onThisDay": onThisDay
        case "map": map
        case "tags": tags
        case "search": search
        case "latest": latest
        default: nil
        }
    }
}

extension TimelinePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "jump": jump
        case "sections": sections
        case "empty": empty
        case "api": api
        case "newer": newer
        case "older": older
        case "olderCursor": olderCursor
        default: nil
        }
    }
}

extension JumpForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "month": month
        default: nil
        }
    }
}
