import Mustache
import XCTest

@testable import DaybookWeb

/// The models that answer the templates' names themselves (TemplateLookups.swift,
/// EntryPageLookups.swift) answer every name Mirror would: a property left out of a list would
/// vanish from the page without an error.
final class TemplateLookupTests: XCTestCase {
    func testEveryStoredPropertyAnswersByItsName() {
        let links = SiteLinks.server
        let image = ImageView(src: "/p.jpg", width: 4, height: 3, alt: "Photo")
        let tag = TagView(name: "blue", isUser: true, search: "/search?tag=blue")
        let text = FactText("14:30", "captured_local")
        let row = FactRow("Time", text, notes: [text])
        let edit = EditForms(textAction: "/t", tagsAction: "/g", deleteLink: "/d", csrf: "c", textVersion: "v")
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
        let models: [any MustacheParent] = [
            image, tag, text, row, edit, map, file, page, frame, NavLinks(links), video, stack, stackFrame, motion,
            JumpForm(action: "/", month: "2024-07"),
        ]
        for model in models {
            let labels = Mirror(reflecting: model).children.compactMap(\.label)
            XCTAssertFalse(labels.isEmpty)
            for label in labels {
                XCTAssertNotNil(model.child(named: label), "\(type(of: model)).\(label)")
            }
            XCTAssertNil(model.child(named: "noSuchName"))
        }
    }
}
