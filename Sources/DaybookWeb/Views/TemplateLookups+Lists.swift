// The list pages (search, on this day, tags) and the small ones (latest, a message, a delete's
// confirmation, an edit's conflict, the map) answer their templates' names as the timeline does
// (TemplateLookups.swift).

extension SearchPage: PageModel {
    static let page = TemplateLibrary.Page.search

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .form: .init(form)
        case .problem: .init(problem)
        case .note: .init(note)
        case .summary: .init(summary)
        case .sections: .init(sections)
        case .older: .init(older)
        default: nil
        }
    }
}

extension SearchForm: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .q: .init(q)
        case .tag: .init(tag)
        case .month: .init(month)
        case .from: .init(from)
        case .to: .init(to)
        case .near: .init(near)
        case .radius: .init(radius)
        case .tags: .init(tags)
        default: nil
        }
    }
}

extension OnThisDayPage: PageModel {
    static let page = TemplateLibrary.Page.onThisDay

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .day: .init(day)
        case .form: .init(form)
        case .summary: .init(summary)
        case .sections: .init(sections)
        case .newest: .init(newest)
        case .more: .init(more)
        case .remind: .init(remind)
        default: nil
        }
    }
}

extension TagsPage: PageModel {
    static let page = TemplateLibrary.Page.tags

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .tags: .init(tags)
        default: nil
        }
    }
}

extension TagRow: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .name: .init(self.name)
        case .entries: .init(entries)
        case .user: .init(user)
        case .auto: .init(auto)
        case .search: .init(search)
        default: nil
        }
    }
}

extension LatestPage: PageModel {
    static let page = TemplateLibrary.Page.latest

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .tiles: .init(tiles)
        case .timeline: .init(timeline)
        default: nil
        }
    }
}

extension MessagePage: PageModel {
    static let page = TemplateLibrary.Page.message

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .heading: .init(heading)
        case .message: .init(message)
        case .back: .init(back)
        default: nil
        }
    }
}

extension ConfirmDeletePage: PageModel {
    static let page = TemplateLibrary.Page.confirmDelete

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .day: .init(day)
        case .place: .init(place)
        case .image: .init(image)
        case .action: .init(action)
        case .csrf: .init(csrf)
        case .cancel: .init(cancel)
        case .shortID: .init(shortID)
        default: nil
        }
    }
}

extension NewEntryPage: PageModel {
    static let page = TemplateLibrary.Page.newEntry

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .action: .init(action)
        case .csrf: .init(csrf)
        case .date: .init(date)
        case .text: .init(text)
        case .tags: .init(tags)
        case .problem: .init(problem)
        case .upload: .init(upload)
        default: nil
        }
    }
}

extension UploadForm: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .action: .init(action)
        case .maxBytes: .init(maxBytes)
        case .maxText: .init(maxText)
        case .accepted: .init(accepted)
        default: nil
        }
    }
}

extension EditConflictPage: PageModel {
    static let page = TemplateLibrary.Page.editConflict

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .entry: .init(entry)
        case .action: .init(action)
        case .csrf: .init(csrf)
        case .currentText: .init(currentText)
        case .currentVersion: .init(currentVersion)
        case .submittedText: .init(submittedText)
        default: nil
        }
    }
}

extension MapPage: PageModel {
    static let page = TemplateLibrary.Page.map

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .places: .init(places)
        case .outlines: .init(outlines)
        case .tiles: .init(tiles)
        case .thumbnails: .init(thumbnails)
        case .entries: .init(entries)
        case .entrySuffix: .init(entrySuffix)
        case .leaflet: .init(leaflet)
        default: nil
        }
    }
}
