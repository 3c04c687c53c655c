// The models of every page's frame and of its tiles answer the templates' names directly, with
// typed values (`TemplateModel`), so `TypedTemplate` renders them with no dynamic casts. A name
// that is a model's stored property but not in its list would be a render error, not a gap on
// the page (`TemplateLookupTests` holds each list to its type's properties).

extension EntryTile: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .id: .init(id)
        case .href: .init(href)
        case .image: .init(image)
        case .noImage: .init(noImage)
        case .day: .init(day)
        case .time: .init(time)
        case .place: .init(place)
        case .weather: .init(weather)
        case .tags: .init(tags)
        case .hasTags: .init(hasTags)
        case .excerpt: .init(excerpt)
        case .distance: .init(distance)
        case .video: .init(video)
        case .stack: .init(stack)
        case .conflict: .flag(conflict)
        default: nil
        }
    }
}

extension ImageView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .src: .init(src)
        case .width: .init(width)
        case .height: .init(height)
        case .alt: .init(alt)
        default: nil
        }
    }
}

extension TagView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .name: .init(self.name)
        case .isUser: .init(isUser)
        case .search: .init(search)
        default: nil
        }
    }
}

extension TileSection: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .title: .init(title)
        case .anchor: .init(anchor)
        case .tiles: .init(tiles)
        default: nil
        }
    }
}

extension PageFrame: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .title: .init(title)
        case .nav: .init(nav)
        case .stylesheet: .init(stylesheet)
        case .styles: .init(styles)
        case .scripts: .init(scripts)
        case .csrf: .init(csrf)
        case .bodyClass: .init(bodyClass)
        case .compact: .init(compact)
        case .query: .init(query)
        case .notice: .init(notice)
        case .logout: .init(logout)
        case .app: .init(app)
        default: nil
        }
    }
}

extension NavLinks: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .timeline: .init(timeline)
        case .onThisDay: .init(onThisDay)
        case .map: .init(map)
        case .tags: .init(tags)
        case .search: .init(search)
        case .latest: .init(latest)
        case .newEntry: .init(newEntry)
        default: nil
        }
    }
}

extension TimelinePage: PageModel {
    static let page = TemplateLibrary.Page.timeline

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .jump: .init(jump)
        case .sections: .init(sections)
        case .empty: .init(empty)
        case .api: .init(api)
        case .newer: .init(newer)
        case .older: .init(older)
        case .olderCursor: .init(olderCursor)
        case .refining: .init(refining)
        default: nil
        }
    }
}

extension RefiningNote: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .text: .init(text)
        case .value: .init(value)
        case .max: .init(max)
        default: nil
        }
    }
}

extension DayPicker: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .action: .init(action)
        case .date: .init(date)
        default: nil
        }
    }
}

extension RemindForm: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .key: .init(key)
        case .subscribe: .init(subscribe)
        case .unsubscribe: .init(unsubscribe)
        default: nil
        }
    }
}

extension JumpForm: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .action: .init(action)
        case .month: .init(month)
        default: nil
        }
    }
}
