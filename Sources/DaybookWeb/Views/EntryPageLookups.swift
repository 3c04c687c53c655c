// The entry page's models answer the templates' names directly, as the timeline's do
// (TemplateLookups.swift). Every stored property is listed (`TemplateLookupTests` holds each
// list to its type's properties).

extension EntryPage: PageModel {
    static let page = TemplateLibrary.Page.entry

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .id: .init(id)
        case .newer: .init(newer)
        case .older: .init(older)
        case .preview: .init(preview)
        case .picture: .flag(picture)
        case .video: .init(video)
        case .videoNote: .init(videoNote)
        case .motion: .init(motion)
        case .kind: .init(kind)
        case .original: .init(original)
        case .originalJPEG: .init(originalJPEG)
        case .fileName: .init(fileName)
        case .files: .init(files)
        case .day: .init(day)
        case .facts: .init(facts)
        case .details: .init(details)
        case .tags: .init(tags)
        case .edit: .init(edit)
        case .map: .init(map)
        case .text: .init(text)
        case .paragraphs: .init(paragraphs)
        case .stack: .init(stack)
        case .noImage: .init(noImage)
        case .noImageWhy: .init(noImageWhy)
        case .conflicts: .init(conflicts)
        default: nil
        }
    }
}

extension FactRow: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .label: .init(label)
        case .value: .init(value)
        case .notes: .init(notes)
        case .hasNotes: .init(hasNotes)
        default: nil
        }
    }
}

extension FactText: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .text: .init(text)
        case .fields: .init(fields)
        default: nil
        }
    }
}

extension EditForms: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .textAction: .init(textAction)
        case .tagsAction: .init(tagsAction)
        case .deleteLink: .init(deleteLink)
        case .csrf: .init(csrf)
        case .textVersion: .init(textVersion)
        case .dateAction: .init(dateAction)
        case .date: .init(date)
        case .placeAction: .init(placeAction)
        case .place: .init(place)
        case .photoAction: .init(photoAction)
        case .upload: .init(upload)
        case .attachPhoto: .flag(attachPhoto)
        case .detachPhoto: .flag(detachPhoto)
        case .needsDate: .flag(needsDate)
        default: nil
        }
    }
}

extension MapSpot: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .latitude: .init(latitude)
        case .longitude: .init(longitude)
        case .place: .init(place)
        case .tiles: .init(tiles)
        case .outlines: .init(outlines)
        case .bigMap: .init(bigMap)
        default: nil
        }
    }
}

extension FileLink: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .label: .init(label)
        case .name: .init(self.name)
        case .href: .init(href)
        default: nil
        }
    }
}

extension VideoView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .src: .init(src)
        case .type: .init(type)
        case .poster: .init(poster)
        case .width: .init(width)
        case .height: .init(height)
        case .download: .init(download)
        case .fileName: .init(fileName)
        default: nil
        }
    }
}

extension MotionView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .src: .init(src)
        case .type: .init(type)
        case .badge: .init(badge)
        case .unplayable: .init(unplayable)
        default: nil
        }
    }
}
