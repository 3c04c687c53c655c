// The entry page's models answer the templates' names directly, as the timeline's do
// (TemplateLookups.swift), typed for `TypedTemplate`: found through Mirror, every name would
// cost the page a reflection of its model. Every stored property is listed; a name not listed
// reads as missing, as Mirror reads a nil optional (`TemplateLookupTests` holds each list to
// its type's properties).

extension EntryPage: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "frame": .init(frame)
        case "id": .init(id)
        case "newer": .init(newer)
        case "older": .init(older)
        case "preview": .init(preview)
        case "video": .init(video)
        case "videoNote": .init(videoNote)
        case "motion": .init(motion)
        case "kind": .init(kind)
        case "original": .init(original)
        case "originalJPEG": .init(originalJPEG)
        case "fileName": .init(fileName)
        case "files": .init(files)
        case "day": .init(day)
        case "facts": .init(facts)
        case "details": .init(details)
        case "tags": .init(tags)
        case "edit": .init(edit)
        case "map": .init(map)
        case "text": .init(text)
        case "paragraphs": .init(paragraphs)
        case "stack": .init(stack)
        default: .missing
        }
    }
}

extension FactRow: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "label": .init(label)
        case "value": .init(value)
        case "notes": .init(notes)
        case "hasNotes": .init(hasNotes)
        default: .missing
        }
    }
}

extension FactText: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "text": .init(text)
        case "fields": .init(fields)
        default: .missing
        }
    }
}

extension EditForms: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "textAction": .init(textAction)
        case "tagsAction": .init(tagsAction)
        case "deleteLink": .init(deleteLink)
        case "csrf": .init(csrf)
        case "textVersion": .init(textVersion)
        default: .missing
        }
    }
}

extension MapSpot: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "latitude": .init(latitude)
        case "longitude": .init(longitude)
        case "place": .init(place)
        case "tiles": .init(tiles)
        case "outlines": .init(outlines)
        case "bigMap": .init(bigMap)
        default: .missing
        }
    }
}

extension FileLink: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "label": .init(label)
        case "name": .init(self.name)
        case "href": .init(href)
        default: .missing
        }
    }
}

extension VideoView: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "src": .init(src)
        case "type": .init(type)
        case "poster": .init(poster)
        case "width": .init(width)
        case "height": .init(height)
        case "download": .init(download)
        case "fileName": .init(fileName)
        default: .missing
        }
    }
}

extension MotionView: TemplateModel {
    func templateValue(named name: String) -> TemplateValue {
        switch name {
        case "src": .init(src)
        case "type": .init(type)
        case "badge": .init(badge)
        case "unplayable": .init(unplayable)
        default: .missing
        }
    }
}
