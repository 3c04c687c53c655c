/// One automatic tag on a photo: a name from `ColourTagger.vocabulary` and a score.
///
/// The score is what the tag's rule says it is (almost always a share of the pixels), clamped
/// to 0…1 and rounded to 3 decimals, so the same pixels always give byte-identical tags.
package struct AutoTag: Sendable, Hashable, Codable {
    package let name: String
    /// 0…1, rounded to 3 decimals.
    package let score: Double

    package init(name: String, score: Double) {
        self.name = name
        let clamped = score.isNaN ? 0 : min(max(score, 0), 1)
        self.score = (clamped * 1000).rounded() / 1000
    }
}

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
