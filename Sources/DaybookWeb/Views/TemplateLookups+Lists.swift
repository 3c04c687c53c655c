// The list pages (search, on this day, tags) answer their templates' names directly, as the
// timeline does (TemplateLookups.swift), so `TypedTemplate` renders them too: swift-mustache's
// own lookups cost a dynamic cast and a Mirror per name, for every name of every row a list
// page shows.

extension SearchPage: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "frame": .init(frame)
        case "form": .init(form)
        case "problem": .init(problem)
        case "note": .init(note)
        case "summary": .init(summary)
        case "sections": .init(sections)
        case "older": .init(older)
        default: .missing
        }
    }
}

extension SearchForm: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "q": .init(q)
        case "tag": .init(tag)
        case "on": .init(on)
        case "month": .init(month)
        case "from": .init(from)
        case "to": .init(to)
        case "near": .init(near)
        case "radius": .init(radius)
        case "tags": .init(tags)
        default: .missing
        }
    }
}

extension OnThisDayPage: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "frame": .init(frame)
        case "day": .init(day)
        case "summary": .init(summary)
        case "sections": .init(sections)
        case "newest": .init(newest)
        case "more": .init(more)
        default: .missing
        }
    }
}

extension TagsPage: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "frame": .init(frame)
        case "tags": .init(tags)
        default: .missing
        }
    }
}

extension TagRow: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "name": .init(self.name)
        case "entries": .init(entries)
        case "user": .init(user)
        case "auto": .init(auto)
        case "search": .init(search)
        default: .missing
        }
    }
}
