import DaybookPresentation
import DaybookStore

/// An entry page's stack: every frame as a thumbnail linking to its own page, and on a
/// server the forms that make this frame the cover or split the stack (Routes+Edits.swift).
struct StackView: Sendable {
    let size: Int
    let frames: [StackFrameView]
    /// This frame is not the cover yet: the form that makes it so.
    let coverAction: String?
    let splitAction: String?
    let csrf: String?

    init(size: Int, frames: [StackFrameView], coverAction: String?, splitAction: String?, csrf: String?) {
        self.size = size
        self.frames = frames
        self.coverAction = coverAction
        self.splitAction = splitAction
        self.csrf = csrf
    }

    init?(_ read: EntryRead, links: SiteLinks, csrf: String?) {
        guard let stack = read.stack, !read.stackFrames.isEmpty else { return nil }
        size = stack.size
        frames = read.stackFrames.map { frame in
            StackFrameView(
                href: links.entry(frame.id), image: EntryTile(entry: frame, annotations: nil, links: links).image,
                time: frame.capturedLocal.map(CalendarNames.time) ?? "", isCover: frame.id == stack.coverID,
                isThis: frame.id == read.entry.id)
        }
        let id = read.entry.id
        coverAction = csrf != nil && stack.coverID != id ? "/entries/\(id)/stack/cover" : nil
        splitAction = csrf != nil ? "/entries/\(id)/stack/split" : nil
        self.csrf = csrf
    }
}

struct StackFrameView: Sendable {
    let href: String
    let image: ImageView?
    let time: String
    let isCover: Bool
    let isThis: Bool
}

extension StackView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .size: .init(size)
        case .frames: .init(frames)
        case .coverAction: .init(coverAction)
        case .splitAction: .init(splitAction)
        case .csrf: .init(csrf)
        default: nil
        }
    }
}

extension StackFrameView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .href: .init(href)
        case .image: .init(image)
        case .time: .init(time)
        case .isCover: .init(isCover)
        case .isThis: .init(isThis)
        default: nil
        }
    }
}
