import DaybookCore
import DaybookImaging
import DaybookTagging
import DaybookTestSupport
import Foundation
import XCTest

/// The vocabulary is the one documented list: everything emitted is in it, the table in
/// docs/colour-tags.md is generated from it, and its sentences carry the thresholds the code uses.
final class VocabularyTests: XCTestCase {
    typealias T = ColourTagger.Thresholds

    func testVocabularyListsColoursThenScenesWithUniqueNames() {
        let vocabulary = ColourTagger.vocabulary
        XCTAssertEqual(
            vocabulary.map(\.name),
            ColourName.allCases.map(\.rawValue) + ColourTagger.Scene.allCases.map(\.rawValue))
        XCTAssertEqual(Set(vocabulary.map(\.name)).count, vocabulary.count)
        XCTAssertEqual(
            vocabulary.filter { $0.kind == .colour }.map(\.name),
            [
                "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink",
                "brown", "black", "white", "grey",
            ])
        XCTAssertEqual(
            vocabulary.filter { $0.kind == .scene }.map(\.name),
            [
                "monochrome", "dark", "night", "bright", "sunset", "sky", "greenery",
                "snow", "vivid", "muted",
            ])
        XCTAssertGreaterThanOrEqual(ColourTagger.version, 1)
    }

    func testEveryEmittedTagIsInTheVocabularyInOrder() throws {
        let vocabulary = ColourTagger.vocabulary
        let kinds = Dictionary(uniqueKeysWithValues: vocabulary.map { ($0.name, $0.kind) })
        let order = Dictionary(uniqueKeysWithValues: vocabulary.enumerated().map { ($1.name, $0) })
        var emitted = Set<String>()
        let pictures =
            Pictures.all()
            + (try SampleThumbnails.all())
        let tagger = ColourTagger()
        for (label, image) in pictures {
            let tags = tagger.tags(for: image)
            for tag in tags {
                XCTAssertNotNil(kinds[tag.name], "\(label): \(tag.name) is not in the vocabulary")
            }
            // Colours first (by share), then scenes in vocabulary order.
            let colours = tags.prefix { kinds[$0.name] == .colour }
            let scenes = tags.dropFirst(colours.count)
            XCTAssertTrue(scenes.allSatisfy { kinds[$0.name] == .scene }, "\(label): \(tags)")
            XCTAssertEqual(scenes.map { order[$0.name]! }, scenes.map { order[$0.name]! }.sorted(), label)
            XCTAssertEqual(colours.map(\.score), colours.map(\.score).sorted(by: >), label)
            XCTAssertLessThanOrEqual(colours.count, T.maxDominantColours, label)
            emitted.formUnion(tags.map(\.name))
        }
        // The test pictures exercise most of the vocabulary.
        XCTAssertGreaterThanOrEqual(emitted.count, 18, "emitted: \(emitted.sorted())")
    }

    func testMarkdownTableHasOneRowPerVocabularyEntry() {
        let lines = ColourTagger.markdownTable().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "| tag | kind | rule |")
        XCTAssertEqual(lines.dropFirst().first, "|---|---|---|")
        let rows = Array(lines.dropFirst(2))
        XCTAssertEqual(rows.count, ColourTagger.vocabulary.count)
        for (row, entry) in zip(rows, ColourTagger.vocabulary) {
            XCTAssertTrue(row.hasPrefix("| `\(entry.name)` | \(entry.kind.rawValue) | "), row)
            XCTAssertTrue(row.contains(entry.rule), row)
            XCTAssertEqual(row.filter { $0 == "|" }.count, 4, "no stray column separators: \(row)")
        }
    }

    func testRuleSentencesCarryTheThresholdsTheCodeUses() {
        func rule(_ name: String) -> String {
            ColourTagger.vocabulary.first { $0.name == name }?.rule ?? ""
        }
        func percent(_ x: Double) -> String {
            let v = (x * 1000).rounded() / 10
            return v == v.rounded() ? "\(Int(v)) %" : "\(v) %"
        }
        for colour in ColourName.allCases {
            XCTAssertTrue(rule(colour.rawValue).contains("at least \(percent(T.dominantShare))"), colour.rawValue)
            XCTAssertTrue(rule(colour.rawValue).contains("score = share"), colour.rawValue)
        }
        for (i, range) in T.hueRanges.enumerated() {
            let end = T.hueRanges[(i + 1) % T.hueRanges.count].from
            XCTAssertTrue(rule(range.colour.rawValue).contains("hue \(range.from)°–\(end)°"), range.colour.rawValue)
        }
        XCTAssertTrue(rule("black").contains("value < \(percent(T.blackValue))"))
        XCTAssertTrue(rule("white").contains("value ≥ \(percent(T.lightValue))"))
        XCTAssertTrue(rule("brown").contains(percent(T.brownValue)))
        XCTAssertTrue(rule("monochrome").contains(percent(T.monochromeNeutralShare)))
        XCTAssertTrue(rule("dark").contains(percent(T.darkShare)))
        XCTAssertTrue(rule("dark").contains(percent(T.darkLightness)))
        XCTAssertTrue(rule("night").contains(percent(T.nightLightness)))
        XCTAssertTrue(rule("bright").contains(percent(T.brightLightness)))
        XCTAssertTrue(rule("sunset").contains(percent(T.sunsetWarmShare)))
        XCTAssertTrue(rule("sky").contains(percent(T.skyBlueShare)))
        XCTAssertTrue(rule("greenery").contains(percent(T.greeneryShare)))
        XCTAssertTrue(rule("snow").contains(percent(T.snowWhiteShare)))
        XCTAssertTrue(rule("vivid").contains(percent(T.vividShare)))
        XCTAssertTrue(rule("muted").contains(percent(T.mutedPaleShare)))
        for entry in ColourTagger.vocabulary {
            XCTAssertTrue(entry.rule.contains("score ="), "\(entry.name) says how it scores")
            XCTAssertFalse(entry.rule.contains("00000"), "\(entry.name): float noise in \(entry.rule)")
        }
    }

    func testAutoTagRoundTripsThroughJSON() throws {
        let tags = [AutoTag(name: "blue", score: 0.7), AutoTag(name: "sky", score: 1)]
        let data = try JSONEncoder().encode(tags)
        XCTAssertEqual(try JSONDecoder().decode([AutoTag].self, from: data), tags)
    }
}

/// docs/colour-tags.md lists the vocabulary as a table; it must be the table the code generates.
final class DocumentedVocabularyTests: XCTestCase {
    func testDocumentedTableMatchesTheCode() throws {
        let page = Repository.root.appendingPathComponent("docs/colour-tags.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(
            text.contains(ColourTagger.markdownTable().trimmingCharacters(in: .whitespacesAndNewlines)),
            "docs/colour-tags.md's tag table differs from `daybook tags --rules`; paste the new table in")
    }
}
