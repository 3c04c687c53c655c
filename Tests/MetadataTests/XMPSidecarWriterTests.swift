import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookMetadata

/// The sidecar writer with exiftool as the second reader: it reads what Daybook wrote, and a
/// sidecar another tool wrote keeps every byte outside Daybook's fields.
final class XMPSidecarWriterTests: XCTestCase {
    static let all = XMPSidecarFields(
        text: .set("Lunch by the river\nwith <friends> & \"family\""), tags: .set(["paris", "new-york"]),
        date: .set(
            XMPSidecarDate(
                local: LocalDateTime(year: 2024, month: 5, day: 17, hour: 12, minute: 30, second: 5)!,
                offset: UTCOffset(seconds: 7200, source: .exifOffsetTag))),
        location: .set(GeoLocation(latitude: 48.85661, longitude: -2.35222)))

    /// The tag names of `daybook tag`: lower case, words joined by `-`.
    static func tagName(_ keyword: String) -> String? {
        let name = keyword.lowercased().split { $0.isWhitespace }.joined(separator: "-")
        return name.isEmpty ? nil : name
    }

    static func merge(_ existing: String?, _ fields: XMPSidecarFields) throws -> [UInt8] {
        try XMPSidecarWriter.merge(existing.map { Array($0.utf8) }, fields, tagName: tagName)
    }

    func write(_ bytes: [UInt8], _ name: String = "photo.jpg.xmp") throws -> URL {
        let file = try TemporaryFolder.make("sidecar-writer").appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    func testANewSidecarReadsInExiftoolAndInDaybook() throws {
        try Exiftool.skipUnlessInstalled()
        let bytes = try Self.merge(nil, Self.all)
        let tags = try Exiftool.read(try write(bytes), numbers: true)
        XCTAssertEqual(tags["XMP-dc:Description"] as? String, "Lunch by the river\nwith <friends> & \"family\"")
        XCTAssertEqual(Exiftool.list(tags["XMP-dc:Subject"]), ["paris", "new-york"])
        XCTAssertEqual(Exiftool.list(tags["XMP-lr:HierarchicalSubject"]), ["paris", "new-york"])
        XCTAssertEqual(tags["XMP-photoshop:DateCreated"] as? String, "2024:05:17 12:30:05+02:00")
        XCTAssertEqual(tags["XMP-exif:DateTimeOriginal"] as? String, "2024:05:17 12:30:05+02:00")
        XCTAssertEqual(try XCTUnwrap(tags["XMP-exif:GPSLatitude"] as? Double), 48.85661, accuracy: 1e-7)
        XCTAssertEqual(try XCTUnwrap(tags["XMP-exif:GPSLongitude"] as? Double), -2.35222, accuracy: 1e-7)
        XCTAssertNil(tags["ExifTool:Warning"])

        let reading = XMPReader.read(bytes, origin: .sidecar)
        XCTAssertEqual(reading.warnings, [String]())
        XCTAssertEqual(reading.capture?.local.iso8601, "2024-05-17T12:30:05")
        XCTAssertEqual(reading.capture?.offset?.seconds, 7200)
        XCTAssertEqual(try XCTUnwrap(reading.location?.longitude), -2.35222, accuracy: 1e-7)
        XCTAssertEqual(
            try XMPSidecarWords.read(bytes).get(),
            XMPSidecarWords(text: "Lunch by the river\nwith <friends> & \"family\"", keywords: ["paris", "new-york"]))
    }

    /// Writing the same fields again changes no byte: a write-back after every edit does not
    /// churn a sidecar that other tools and sync watch.
    func testWritingTheSameFieldsAgainChangesNothing() throws {
        let once = try Self.merge(nil, Self.all)
        XCTAssertEqual(try XMPSidecarWriter.merge(once, Self.all, tagName: Self.tagName), once)
    }

    /// A Lightroom-style sidecar written by exiftool, with develop settings Daybook knows
    /// nothing of: every one of them reads the same in exiftool after Daybook's write, and the
    /// bytes outside Daybook's properties are the same bytes.
    func testForeignPropertiesStayByteForByte() throws {
        try Exiftool.skipUnlessInstalled()
        let folder = try TemporaryFolder.make("sidecar-foreign")
        let file = folder.appendingPathComponent("IMG_0001.xmp")
        try Exiftool.run([
            "-o", file.path, "-XMP-dc:Description=Old words", "-XMP-dc:Description-fr-FR=Vieux mots",
            "-XMP-lr:HierarchicalSubject=Places|France|Paris", "-XMP-lr:HierarchicalSubject=Old", "-XMP-dc:Subject=Places",
            "-XMP-dc:Subject=France", "-XMP-dc:Subject=Paris", "-XMP-dc:Subject=Old", "-XMP-crs:Exposure2012=+0.35",
            "-XMP-crs:Contrast2012=-12", "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Red", "-XMP-dc:Creator=Ann & Bob",
            "-XMP-exif:GPSAltitude=35", "-XMP-exif:GPSLatitude=10.5",
        ])
        let original = [UInt8](try Data(contentsOf: file))
        let before = try Exiftool.read(file)
        let merged = try XMPSidecarWriter.merge(original, Self.all, tagName: Self.tagName)
        try Data(merged).write(to: file)
        let after = try Exiftool.read(file)

        let ours: Set<String> = [
            "XMP-dc:Description", "XMP-dc:Description-fr-FR", "XMP-dc:Subject", "XMP-lr:HierarchicalSubject",
            "XMP-photoshop:DateCreated", "XMP-exif:DateTimeOriginal", "XMP-exif:GPSLatitude", "XMP-exif:GPSLongitude",
            "XMP-exif:GPSAltitude", "XMP-exif:GPSPosition", "XMP-exif:GPSAltitudeRef",
        ]
        for (key, value) in before where !ours.contains(key) && !key.hasPrefix("System:") {
            XCTAssertEqual("\(value)", after[key].map { "\($0)" }, key)
        }
        XCTAssertEqual(after["XMP-dc:Description"] as? String, "Lunch by the river\nwith <friends> & \"family\"")
        // The other language's caption is a person's words too: it stays.
        XCTAssertEqual(after["XMP-dc:Description-fr-FR"] as? String, "Vieux mots")
        // Lightroom's spelling and hierarchy stay for a tag that names them; `Old` was untagged.
        XCTAssertEqual(Exiftool.list(after["XMP-dc:Subject"]), ["Places", "France", "Paris", "new-york"])
        XCTAssertEqual(Exiftool.list(after["XMP-lr:HierarchicalSubject"]), ["Places|France|Paris", "new-york"])
        // An altitude belongs to the old place.
        XCTAssertNil(after["XMP-exif:GPSAltitude"])

        XCTAssertEqual(try Self.outsideDaybooksFields(merged), try Self.outsideDaybooksFields(original))
    }

    /// The document's bytes outside Daybook's properties and namespace declarations, without
    /// the white space between tags (an element added or removed brings or takes its line's).
    static func outsideDaybooksFields(_ bytes: [UInt8]) throws -> String {
        let document = try XMPSidecarDocument.read(bytes).get()
        let names: Set<XMPName> = [
            XMPSidecarDocument.description, XMPSidecarDocument.subject, XMPSidecarDocument.hierarchicalSubject,
            XMPSidecarFields.dateCreated, XMPSidecarFields.dateTimeOriginal, XMPSidecarFields.latitude,
            XMPSidecarFields.longitude, XMPSidecarFields.altitude, XMPSidecarFields.altitudeRef,
        ]
        var cuts: [Range<Int>] = []
        for name in names {
            for place in document.places(of: name) {
                switch place {
                case .attribute(let attribute, _): cuts.append(attribute.range)
                case .element(let node, _): cuts.append(node.range)
                }
            }
        }
        // Namespace declarations Daybook may add are cut too.
        for description in document.descriptions {
            cuts += description.attributes.filter { $0.qualifiedName.hasPrefix("xmlns:") }.map(\.range)
        }
        var pieces: [String] = []
        var cursor = 0
        for cut in cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            pieces.append(String(decoding: bytes[cursor..<cut.lowerBound], as: UTF8.self))
            cursor = cut.upperBound
        }
        pieces.append(String(decoding: bytes[cursor...], as: UTF8.self))
        return pieces.joined().replacing(/>\s+</, with: "><")
    }

    /// darktable writes simple values as attributes of the Description: a date there is
    /// replaced where it stands, in its quotes.
    func testAnAttributeIsReplacedInPlace() throws {
        let sidecar = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:darktable="http://darktable.sf.net/"
                exif:DateTimeOriginal='2020:01:01 00:00:00' darktable:xmp_version="5" darktable:history_end="3"/>
             </rdf:RDF>
            </x:xmpmeta>
            """
        let fields = XMPSidecarFields(date: Self.all.date)
        let merged = String(decoding: try Self.merge(sidecar, fields), as: UTF8.self)
        XCTAssertTrue(merged.contains("exif:DateTimeOriginal='2024-05-17T12:30:05+02:00' darktable:xmp_version=\"5\""), merged)
        // photoshop is declared on the Description, which now has an end tag for its new child.
        XCTAssertTrue(merged.contains(" xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\">"), merged)
        XCTAssertTrue(
            merged.contains("<photoshop:DateCreated>2024-05-17T12:30:05+02:00</photoshop:DateCreated>\n  </rdf:Description>"), merged)
        XCTAssertEqual(XMPReader.read(Array(merged.utf8), origin: .sidecar).capture?.local.iso8601, "2024-05-17T12:30:05")
    }

    /// A prefix is the writer's choice: Daybook uses the one in scope, and a `dc` bound to
    /// another namespace is left alone.
    func testPrefixesInScopeAreUsedAndForeignOnesAvoided() throws {
        let sidecar = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="urn:not-dublin-core">
             <rdf:Description xmlns:lrx="http://ns.adobe.com/lightroom/1.0/">
              <dc:title>not ours</dc:title>
             </rdf:Description>
            </rdf:RDF>
            """
        let merged = String(decoding: try Self.merge(sidecar, XMPSidecarFields(tags: .set(["beach"]))), as: UTF8.self)
        XCTAssertTrue(merged.contains("<lrx:hierarchicalSubject>"), merged)
        XCTAssertTrue(merged.contains("xmlns:dc1=\"http://purl.org/dc/elements/1.1/\""), merged)
        XCTAssertTrue(merged.contains("<dc1:subject>"), merged)
        XCTAssertTrue(merged.contains("<dc:title>not ours</dc:title>"), merged)
        XCTAssertEqual(try XMPSidecarWords.read(Array(merged.utf8)).get().keywords, ["beach"])
    }

    /// Clearing a field in Daybook removes it, and nothing else; tags cleared leave no empty bag.
    func testRemovedFieldsLeaveNoTrace() throws {
        let full = try Self.merge(nil, Self.all)
        let cleared = try XMPSidecarWriter.merge(
            full, XMPSidecarFields(text: .remove, tags: .remove, location: .remove), tagName: Self.tagName)
        let text = String(decoding: cleared, as: UTF8.self)
        for gone in ["dc:description", "dc:subject", "hierarchicalSubject", "GPSLatitude", "GPSLongitude", "rdf:Bag", "rdf:Alt"] {
            XCTAssertFalse(text.contains(gone), "\(gone) in\n\(text)")
        }
        XCTAssertTrue(text.contains("<exif:DateTimeOriginal>2024-05-17T12:30:05+02:00</exif:DateTimeOriginal>"), text)
    }

    /// Hostile or foreign files are refused with a reason, never rewritten.
    func testHostileSidecarsAreRefused() throws {
        let cases: [(String, [UInt8], String)] = [
            ("not XML", Array("this is not xml".utf8), "not well-formed"),
            ("a DOCTYPE", Array("<!DOCTYPE x [<!ENTITY a \"b\">]><x>&a;</x>".utf8), "document type"),
            ("too big", [UInt8](repeating: 0x20, count: XMPReader.maximumBytes + 1), "larger than"),
            ("not UTF-8", [0x3C, 0x78, 0xFF, 0x2F, 0x3E], "not UTF-8"),
            ("no RDF", Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8), "no rdf:RDF"),
            ("no Description", Array("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/>".utf8), "no rdf:Description"),
        ]
        for (label, bytes, reason) in cases {
            XCTAssertThrowsError(try XMPSidecarWriter.merge(bytes, Self.all, tagName: Self.tagName), label) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(label): \(error)")
            }
        }
    }

    func testCoordinatesRoundToTheNextDegree() {
        XCTAssertEqual(XMPSidecarFields.coordinate(48.85661, positive: "N", negative: "S"), "48,51.396600N")
        XCTAssertEqual(XMPSidecarFields.coordinate(-0.9999999999, positive: "E", negative: "W"), "1,0.000000W")
    }
}
