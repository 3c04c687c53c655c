import DaybookCore

/// The words another tool (or Daybook) kept in a sidecar: the caption and the keywords.
package struct XMPSidecarWords: Sendable, Equatable {
    /// `dc:description`: its `x-default` item, else its first; nil when blank.
    package var text: String?
    /// The keywords as written, each once, in order: the leaf of each `lr:hierarchicalSubject`
    /// (`Places|France|Paris` → `Paris`), then each `dc:subject` that is not a parent in one
    /// of those hierarchies (Lightroom lists `Places` and `France` there too).
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
        let hierarchy = document.items(of: XMPSidecarDocument.hierarchicalSubject).map(\.text)
        let parents = Set(hierarchy.flatMap { Self.components($0).dropLast() })
        var seen = Set<String>()
        keywords =
            (hierarchy.compactMap(Self.leaf)
            + document.items(of: XMPSidecarDocument.subject).map(\.text.trimmingSpaces).filter { !$0.isEmpty && !parents.contains($0) })
            .filter { seen.insert($0).inserted }
    }

    /// A hierarchical keyword's levels, `|` between them, each trimmed.
    static func components(_ text: String) -> [String] {
        text.split(separator: "|").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    static func leaf(_ text: String) -> String? { components(text).last }
}
