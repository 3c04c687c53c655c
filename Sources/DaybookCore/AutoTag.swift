/// One automatic tag on a photo: a name from the tagger's vocabulary (`ColourTagger` in
/// DaybookTagging) and a score. It is a Core value because the store keeps tags, and the store
/// must not load the tagger's image libraries.
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
