import Mustache

// The entry page's models answer the templates' names directly, as the timeline's do
// (TemplateLookups.swift): found through Mirror, its names were a third of an entry page's
// CPU (perf, 100,000-entry library). Every stored property is listed; a name not listed
// reads as missing, as Mirror reads a nil optional (`TemplateLookupTests` holds each list to
// its type's properties).

extension EntryPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "id": id
        case "newer": newer
        case "older": older
        case "preview": preview
        case "video": video
        case "videoNote": videoNote
        case "motion": motion
        case "kind": kind
        case "original": original
        case "originalJPEG": originalJPEG
        case "fileName": fileName
        case "files": files
        case "day": day
        case "facts": facts
        case "details": details
        case "tags": tags
        case "edit": edit
        case "map": map
        case "text": text
        case "paragraphs": paragraphs
        default: nil
        }
    }
}

extension FactRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        case "notes": notes
        case "hasNotes": hasNotes
        default: nil
        }
    }
}

extension FactText: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "fields": fields
        default: nil
        }
    }
}

extension EditForms: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "textAction": textAction
        case "tagsAction": tagsAction
        case "deleteLink": deleteLink
        case "csrf": csrf
        case "textVersion": textVersion
        default: nil
        }
    }
}

extension MapSpot: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "latitude": latitude
        case "longitude": longitude
        case "place": place
        case "tiles": tiles
        case "outlines": outlines
        case "bigMap": bigMap
        default: nil
        }
    }
}

extension FileLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "name": self.name
        case "href": href
        default: nil
        }
    }
}

extension VideoView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "type": type
        case "poster": poster
        case "width": width
        case "height": height
        case "download": download
        case "fileName": fileName
        default: nil
        }
    }
}

extension MotionView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "type": type
        case "badge": badge
        case "unplayable": unplayable
        default: nil
        }
    }
}
