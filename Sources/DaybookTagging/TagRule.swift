/// What a tag describes: a dominant colour, or the kind of scene the colours suggest.
package enum TagKind: String, Sendable, Codable {
    case colour, scene
}

/// A vocabulary entry: a tag the tagger can emit and, in one sentence, when and with what score.
package struct TagRule: Sendable {
    package let name: String
    package let kind: TagKind
    /// One human sentence with the thresholds, generated from `ColourTagger.Thresholds`.
    package let rule: String

    package init(name: String, kind: TagKind, rule: String) {
        self.name = name
        self.kind = kind
        self.rule = rule
    }
}
