import DaybookCore
import DaybookStore
import Foundation
import XCTest

@testable import DaybookWeb

/// The models that answer the templates' names themselves (TemplateLookups.swift,
/// EntryPageLookups.swift) answer every stored property by its name: a property left out of a
/// list would be a render error on the first page that shows it.
final class TemplateLookupTests: XCTestCase {
    func testEveryStoredPropertyAnswersByItsName() throws {
        let links = SiteLinks.server
        let image = ImageView(src: "/p.jpg", width: 4, height: 3, alt: "Photo")
        let tag = TagView(name: "blue", isUser: true, search: "/search?tag=blue")
        let text = FactText("14:30", "captured_local")
        let row = FactRow("Time", text, notes: [text])
        let edit = EditForms(
            textAction: "/t", tagsAction: "/g", deleteLink: "/d", csrf: "c", textVersion: "v", dateAction: "/w",
            date: "2024-05-17T12:30:00",
            placeAction: "/p", place: "Kyoto, JP", photoAction: "/ph", attachPhoto: true, detachPhoto: true)
        let map = MapSpot(latitude: 48.8, longitude: 2.3, place: "Paris", tiles: "/tiles", outlines: "/o", bigMap: "/map")
        let file = FileLink(label: "RAW", name: "a.cr2", href: "/originals/a")
        var frame = PageFrame(title: "T", links: links)
        frame.csrf = "c"
        var page = EntryPage(
            frame: frame, id: "id", newer: "/n", older: "/o", preview: image, original: "/orig", fileName: "a.jpg", day: "Sunday",
            facts: [row], details: [row], tags: [tag], edit: edit, map: map, text: "words", paragraphs: ["words"])
        page.originalJPEG = "/jpeg"
        page.files = [file]
        let video = VideoView(
            src: "/originals/v", type: "video/mp4", poster: "/t.jpg", width: 4, height: 3, download: "Download", fileName: "v.mp4")
        page.video = video
        page.videoNote = "A video"
        let stackFrame = StackFrameView(href: "/entries/b", image: image, time: "14:30", isCover: true, isThis: false)
        let stack = StackView(size: 2, frames: [stackFrame], coverAction: "/c", splitAction: "/s", csrf: "c")
        page.stack = stack
        let motion = MotionView(src: "/originals/m?file=motion", type: "video/mp4", badge: "Motion", unplayable: "Motion photo")
        page.motion = motion
        var copy = JournalFile(
            id: "3f2a9c1e-0000-4000-8000-000000000001", date: LocalDateTime(year: 2026, month: 11, day: 29, hour: 9, minute: 0, second: 0)!,
            created: "2026-11-29T08:00:00Z", text: "mine")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("journal/2026/11"), withIntermediateDirectories: true)
        try copy.serialized().write(to: folder.appendingPathComponent(copy.path.description))
        copy.text = "theirs"
        try copy.serialized().write(
            to: folder.appendingPathComponent("journal/2026/11/2026-11-29-3f2a9c1e.sync-conflict-20261129-101010-ABCDEFG.md"))
        let conflict = ConflictView(try XCTUnwrap(JournalConflict.all(in: Library(root: folder)).first), entryID: copy.id, csrf: "c")
        page.conflicts = [conflict]
        let models: [any TemplateModel] = [
            image, tag, text, row, edit, map, file, page, frame, NavLinks(links), video, stack, stackFrame, motion, conflict,
            JumpForm(action: "/", month: "2024-07"), TagRow(name: "blue", entries: 3, user: 1, auto: 2, search: "/s"),
            TagsPage(frame: frame, tags: []), LatestPage(frame: frame, tiles: [], timeline: "/"),
            MessagePage(frame: frame, heading: "Not found", message: "None", back: "/"),
            ConfirmDeletePage(
                frame: frame, day: "Sunday", place: "Paris", image: image, action: "/d", csrf: "c", cancel: "/e", shortID: "3f2a9c1e"),
            EditConflictPage(
                frame: frame, entry: "/e", action: "/t", csrf: "c", currentText: "a", currentVersion: "v", submittedText: "b"),
            MapPage(
                frame: frame, places: "/api/map", outlines: "/o", tiles: "/t", thumbnails: "/th/", entries: "/entries/",
                entrySuffix: "", leaflet: true),
        ]
        for model in models {
            let labels = Mirror(reflecting: model).children.compactMap(\.label)
            XCTAssertFalse(labels.isEmpty)
            for label in labels {
                let name = TemplateName(rawValue: label)
                XCTAssertNotNil(name, "\(type(of: model)).\(label) is a TemplateName")
                XCTAssertNotNil(name.flatMap(model.templateValue), "\(type(of: model)).\(label)")
            }
            XCTAssertNil(model.templateValue(.olderCursor), "\(type(of: model)) has no olderCursor")
        }
    }
}
