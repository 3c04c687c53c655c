/// Every name the templates say, as a key: each `{{name}}` is read into one of these when its
/// template is parsed, so a misspelt name stops the parse (at start) and a render compares
/// small integers where it would compare strings. A model answers the names it has
/// (`TemplateModel.templateValue(_:)`); to show a new field, add its name here and a `case`
/// to its model's list.
enum TemplateName: String, CaseIterable, Sendable {
    case accepted, action, alt, anchor, api, app, auto, back, badge, bigMap, bodyClass, cancel, compact, coverAction, csrf
    case currentText, currentVersion, date, day, deleteLink, details, distance, download, edit, empty, entries, entry
    case entrySuffix, excerpt, facts, fields, fileName, files, fingerprint, form, frame, frames, from, hasNotes, hasTags
    case heading, height, href, id, image, isCover, isThis, isUser, jump, kind, label, latest, latitude, leaflet
    case logout, longitude, map, maxBytes, maxText, message, month, more, motion, name, nav, near, newEntry, newer, newest, next, noImage
    case note, notes, notice
    case older, olderCursor, onThisDay, original, originalJPEG, outlines, paragraphs, picture, place, places, poster
    case preview, problem, q, query, radius, scripts, search, sections, size, splitAction, src, stack, styles
    case stylesheet, submittedText, summary, tag, tags, tagsAction, text, textAction, textVersion, thumbnails
    case tiles, time, timeline, title, to, trust, type, unplayable, upload, user, value, video, videoNote, weather, width
    // The entry page's date, place and photo forms.
    case attachPhoto, dateAction, detachPhoto, needsDate, photoAction, placeAction
    // Why an entry has no picture: the file's own problem, under the placeholder's sentence.
    case noImageWhy
    // The delete page's `daybook trash restore` id.
    case shortID
    // The entry page's conflict (two devices' versions) and its forms.
    case conflict, conflicts, copy, merge, mine, origin, theirs
    // The timeline's note while full-quality thumbnails are being made, with its <progress>.
    case refining, max
    // On this day's "Remind me every morning" (remind.js's routes).
    case key, remind, subscribe, unsubscribe
}
