import DaybookCore

/// The words another tool (or Daybook) kept in a sidecar: the caption and the keywords.
package struct XMPSidecarWords: Sendable, Equatable {
    /// `dc:description`: its `x-default` item, else its first; nil when blank.
    package var text: String?
    /// The keywords as written, each once, in order: the leaf of each `lr:hierarchicalSubject`
    /// (`Places|France|Paris` → `Paris`), then each `dc:subject` that is not a parent in one
    /// of those hierarchies (Lightroom lists `Places` and `France` there too), by its leaf when
    /// it is a path itself. darktable's own tags (`darktable|format|jpg`, `darktable|changed`)
    /// say what darktable did, not what the photo is: they are no keywords.
    package var keywords: [String]

    package init(text: String? = nil, keywords: [String] = []) {
        self.text = text
        self.keywords = keywords
    }

    /// The words of a sidecar's bytes, or why it cannot be read (the reader's refusals).
    package static func read(_ bytes: [UInt8]) -> Result<XMPSidecarWords, XMPSidecarError> {
        switch XMPSidecarDocument.read(bytes) {
        case .failure(let refusal): return .failure(XMPSidecarError(reason: refusal.reason))
        case .success(let document): return .success(XMPSidecarWords(document))
        }
    }

    init(_ document: XMPSidecarDocument) {
        let captions = document.items(of: XMPSidecarDocument.description)
        let caption = captions.first { $0.lang == "x-default" } ?? captions.first
        text = caption.map(\.text).flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 }
        let hierarchy = document.items(of: XMPSidecarDocument.hierarchicalSubject).map(\.text).filter { !Self.isDarktables($0) }
        let parents = Set(hierarchy.flatMap { Self.components($0).dropLast() })
        let subjects = document.items(of: XMPSidecarDocument.subject).map(\.text.trimmingSpaces)
            .filter { !parents.contains($0) && !Self.isDarktables($0) }
        var seen = Set<String>()
        keywords = (hierarchy + subjects).compactMap(Self.leaf).filter { seen.insert($0).inserted }
    }

    static func isDarktables(_ keyword: String) -> Bool { components(keyword).first == "darktable" }

    /// A hierarchical keyword's levels, `|` between them, each trimmed.
    static func components(_ text: String) -> [String] {
        text.split(separator: "|").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    static func leaf(_ text: String) -> String? { components(text).last }
}
