import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

/// Inputs saved from fuzzing campaigns (Tests/Fixtures/fuzz/photo, docs/fuzzing.md) go through
/// the analyzer `Ingester` uses: each must end, in time, in an analysis or a one-line rejection,
/// and in the outcome recorded for it below. CI also replays the folder under AddressSanitizer
/// with `daybook-fuzz`.
final class FuzzRegressionTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("fuzz/photo")
    static let timeLimit = 2.0

    enum Outcome: Equatable {
        case rejected
        case storedWithoutThumbnail
        case thumbnail
    }

    /// What each saved input must do. A new file needs a line here saying what it must do.
    static let expected: [String: Outcome] = [
        "bad-gps-and-date-bogus-huffman.jpg": .storedWithoutThumbnail,
        "bad-orientation-bogus-marker-length.jpg": .storedWithoutThumbnail,
        "corrupt-scan-still-thumbnailed.jpg": .thumbnail,
        "truncated-scan.jpg": .storedWithoutThumbnail,
        "unsupported-marker-rejected.jpg": .rejected,
        // The bad stills (Tests/Fixtures/stills/README.md): refused before any large allocation.
        "png-ihdr-100000x100000-rejected.png": .rejected,
        "png-ztxt-16mb-bomb-rejected.png": .rejected,
        "webp-truncated-rejected.webp": .rejected,
        // The video mutants (docs/fuzzing.md): a kept date and place, or a refusal.
        "video-mutant-frames-undecodable.mp4": .storedWithoutThumbnail,
        "video-mutant-alloc-refused.mp4": .rejected,
        "video-mutant-no-codec.mp4": .storedWithoutThumbnail,
    ]

    func testEverySavedInputEndsInTimeWithItsRecordedOutcome() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
            .sorted()
        XCTAssertFalse(names.isEmpty, "no saved inputs in \(Self.folder.path)")
        XCTAssertEqual(Set(names), Set(Self.expected.keys), "every saved input, and only those, has a recorded outcome")
        let analyzer = PhotoAnalyzer()
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let start = DispatchTime.now()
            let result = Result { () throws(Rejection) in try analyzer.analyze(bytes) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            XCTAssertLessThan(seconds, Self.timeLimit, name)

            let outcome: Outcome
            switch result {
            case .failure(let rejection):
                outcome = .rejected
                XCTAssertFalse(rejection.reason.isEmpty, name)
                XCTAssertFalse(rejection.reason.contains("\n"), "\(name): \(rejection.reason)")
            case .success(let analysis):
                if let thumbnail = analysis.thumbnail {
                    outcome = .thumbnail
                    let side = max(thumbnail.image.width, thumbnail.image.height)
                    XCTAssertTrue((1...analyzer.thumbnails.longestSide).contains(side), "\(name): \(side)")
                    XCTAssertEqual(Array(thumbnail.jpeg.prefix(2)), [0xFF, 0xD8], name)
                } else {
                    outcome = .storedWithoutThumbnail
                    XCTAssertTrue(analysis.tags.isEmpty, "\(name): colour tags without pixels")
                    XCTAssertTrue(
                        analysis.warnings.contains { $0.hasSuffix("stored without a thumbnail") }, "\(name): \(analysis.warnings)")
                }
                for warning in analysis.warnings { XCTAssertFalse(warning.contains("\n"), "\(name): \(warning)") }
            }
            XCTAssertEqual(outcome, Self.expected[name], name)
        }
    }
}
