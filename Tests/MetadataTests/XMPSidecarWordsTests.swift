import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookMetadata

/// The caption and keywords of sidecars written the way digiKam, darktable and Lightroom write
/// them, made by exiftool, as Daybook reads them.
final class XMPSidecarWordsTests: XCTestCase {
    private func sidecar(_ arguments: [String]) throws -> [UInt8] {
        let file = try TemporaryFolder.make("sidecar-words").appendingPathComponent("IMG_0001.jpg.xmp")
        try Exiftool.run(["-o", file.path] + arguments)
        return [UInt8](try Data(contentsOf: file))
    }

    /// digiKam keeps its own tag paths (`digiKam:TagsList`, `/` between levels), the leaves in
    /// dc:subject and the paths again in lr:hierarchicalSubject.
    func testDigiKamsTagsAreReadByTheirLeaves() throws {
        try Exiftool.skipUnlessInstalled()
        let bytes = try sidecar([
            "-XMP-digiKam:TagsList=Places/France/Paris", "-XMP-digiKam:TagsList=People/Ann",
            "-XMP-lr:HierarchicalSubject=Places|France|Paris", "-XMP-lr:HierarchicalSubject=People|Ann",
            "-XMP-dc:Subject=Paris", "-XMP-dc:Subject=Ann", "-XMP-dc:Description=Ann in Paris", "-XMP-xmp:Rating=5",
        ])
        XCTAssertEqual(try XMPSidecarWords.read(bytes).get(), XMPSidecarWords(text: "Ann in Paris", keywords: ["Paris", "Ann"]))
    }

    /// darktable writes simple values as attributes of the Description and its tags as bags;
    /// exiftool's shorthand does the same.
    func testDarktablesAttributeFormIsRead() throws {
        try Exiftool.skipUnlessInstalled()
        let bytes = try sidecar([
            "-api", "Compact=Shorthand", "-XMP-xmp:Rating=1", "-XMP-dc:Subject=darktable|format|jpg", "-XMP-dc:Subject=sunset",
            "-XMP-lr:HierarchicalSubject=darktable|format|jpg", "-XMP-lr:HierarchicalSubject=sunset",
            "-XMP-dc:Description=Evening", "-XMP-dc:Description-de=Abend",
        ])
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("xmp:Rating='1'"), "shorthand: attributes")
        // `darktable|format|jpg` is darktable's note of what it did, not a keyword.
        XCTAssertEqual(try XMPSidecarWords.read(bytes).get(), XMPSidecarWords(text: "Evening", keywords: ["sunset"]))
        // Daybook's tags written back leave darktable's bookkeeping where it was.
        let merged = try XMPSidecarWriter.merge(bytes, XMPSidecarFields(tags: .set(["beach"])), tagName: XMPSidecarWriterTests.tagName)
        let document = try XMPSidecarDocument.read(merged).get()
        XCTAssertEqual(document.items(of: XMPSidecarDocument.subject).map(\.text), ["darktable|format|jpg", "beach"])
        XCTAssertEqual(document.items(of: XMPSidecarDocument.hierarchicalSubject).map(\.text), ["darktable|format|jpg", "beach"])
    }

    /// Lightroom: every level of a hierarchy in dc:subject, the hierarchy in lr:hierarchicalSubject.
    func testLightroomsParentKeywordsAreNotTags() throws {
        try Exiftool.skipUnlessInstalled()
        let bytes = try sidecar([
            "-XMP-lr:HierarchicalSubject=Places|France|Paris", "-XMP-dc:Subject=Places", "-XMP-dc:Subject=France",
            "-XMP-dc:Subject=Paris", "-XMP-dc:Subject=New York", "-XMP-dc:Description-x-default=Lunch",
        ])
        XCTAssertEqual(try XMPSidecarWords.read(bytes).get(), XMPSidecarWords(text: "Lunch", keywords: ["Paris", "New York"]))
    }

    func testASidecarWithoutWordsHasNone() throws {
        let bytes = Array(XMPSidecarWriter.newSidecar.utf8)
        XCTAssertEqual(try XMPSidecarWords.read(bytes).get(), XMPSidecarWords())
        XCTAssertThrowsError(try XMPSidecarWords.read(Array("<x>".utf8)).get())
    }
}
