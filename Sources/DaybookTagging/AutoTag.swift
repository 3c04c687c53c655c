/// One automatic tag on a photo: a name from `ColourTagger.vocabulary` and a score.
///
/// The score is what the tag's rule says it is (almost always a share of the pixels), clamped
/// to 0…1 and rounded to 3 decimals, so the same pixels always give byte-identical tags.
public struct AutoTag: Sendable, Hashable, Codable {
    public let name: String
    /// 0…1, rounded to 3 decimals.
    public let score: Double

    public init(name: String, score: Double) {
        self.name = name
        let clamped = score.isNaN ? 0 : min(max(score, 0), 1)
        self.score = (clamped * 1000).rounded() / 1000
    }
}

/// What a tag describes: a dominant colour, or the kind of scene the colours suggest.
public enum TagKind: String, Sendable, Codable {
    case colour, scene
}

/// A vocabulary entry: a tag the tagger can emit and, in one sentence, when and with what score.
public struct TagRule: Sendable {
    public let name: String
    public let kind: TagKind
    /// One human sentence with the thresholds, generated from `ColourTagger.Thresholds`.
    public let rule: String

    public init(name: String, kind: TagKind, rule: String) {
        self.name = name
        self.kind = kind
        self.rule = rule
    }
}
