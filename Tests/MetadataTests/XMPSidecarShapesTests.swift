import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookMetadata

/// The writer on many sidecar shapes, made from a fixed seed: Daybook's properties as elements
/// or attributes, repeated across Descriptions, under other prefixes, beside foreign
/// properties, comments, CDATA and references, Descriptions empty or self-closed. Each merge
/// reads back as written, keeps every byte outside Daybook's properties, and a second merge
/// changes nothing.
final class XMPSidecarShapesTests: XCTestCase {
    private static let namespaces = [
        ("dc", "http://purl.org/dc/elements/1.1/"), ("lr", "http://ns.adobe.com/lightroom/1.0/"),
        ("photoshop", "http://ns.adobe.com/photoshop/1.0/"), ("exif", "http://ns.adobe.com/exif/1.0/"),
    ]

    private struct Shape {
        var random: SplitMix64

        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }

        /// One Description: its namespace declarations (some under other prefixes), attributes
        /// and children.
        mutating func description() -> String {
            var prefixes: [String: String] = [:]
            var declarations = ""
            for (prefix, uri) in XMPSidecarShapesTests.namespaces where chance(70) {
                let chosen = chance(20) ? prefix + "x" : prefix
                prefixes[uri] = chosen
                declarations += " xmlns:\(chosen)=\"\(uri)\""
            }
            declarations += " xmlns:crs=\"http://ns.adobe.com/camera-raw-settings/1.0/\""
            var attributes = ""
            if let exif = prefixes["http://ns.adobe.com/exif/1.0/"], chance(40) {
                attributes += "\n    \(exif):DateTimeOriginal='2020:01:02 03:04:05'"
            }
            if chance(50) { attributes += " crs:Exposure2012=\"+0.5\"" }
            var children: [String] = []
            if chance(60) { children.append("<crs:ToneCurve><rdf:Seq><rdf:li>0, 0</rdf:li></rdf:Seq></crs:ToneCurve>") }
            if chance(30) { children.append("<!-- a comment &amp; <not a tag> -->") }
            if let dc = prefixes["http://purl.org/dc/elements/1.1/"] {
                if chance(50) {
                    children.append(
                        "<\(dc):subject><rdf:Bag><rdf:li>New York</rdf:li><rdf:li>Old&amp;Gone</rdf:li></rdf:Bag></\(dc):subject>")
                }
                if chance(50) {
                    let other = chance(50) ? "<rdf:li xml:lang='fr'>Mots</rdf:li>" : ""
                    children.append(
                        "<\(dc):description><rdf:Alt><rdf:li xml:lang='x-default'><![CDATA[Old <words>]]></rdf:li>\(other)</rdf:Alt></\(dc):description>"
                    )
                }
            }
            if let lr = prefixes["http://ns.adobe.com/lightroom/1.0/"], chance(50) {
                children.append(
                    "<\(lr):hierarchicalSubject><rdf:Bag><rdf:li>Places|USA|New York</rdf:li></rdf:Bag></\(lr):hierarchicalSubject>")
            }
            if let exif = prefixes["http://ns.adobe.com/exif/1.0/"], chance(50) {
                children.append("<\(exif):GPSLatitude>10,30.5N</\(exif):GPSLatitude><\(exif):GPSAltitude>35/1</\(exif):GPSAltitude>")
            }
            let open = "  <rdf:Description rdf:about=\"\"\(declarations)\(attributes)"
            if children.isEmpty, chance(50) { return open + "/>" }
            let separator = pick(["\n   ", "", "\r\n   "])
            return open + ">" + children.map { separator + $0 }.joined() + "\n  </rdf:Description>"
        }

        mutating func sidecar() -> String {
            let descriptions = (0..<(1 + random.next() % 3)).map { _ in description() }
            let padding = chance(50) ? String(repeating: " ", count: 100) + "\n" : ""
            return """
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- kept -->
                 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                \(descriptions.joined(separator: "\n"))
                 </rdf:RDF>
                </x:xmpmeta>
                \(padding)<?xpacket end="w"?>
                """
        }
    }

    func testEveryShapeMergesCleanly() throws {
        var shape = Shape(random: SplitMix64(seed: 20_261_129))
        let fields = [
            XMPSidecarWriterTests.all, XMPSidecarFields(tags: .set(["new-york", "beach"])),
            XMPSidecarFields(text: .remove, tags: .remove, location: .remove), XMPSidecarFields(text: .set("Only words")),
        ]
        for round in 0..<200 {
            let original = Array(shape.sidecar().utf8)
            let change = shape.pick(fields)
            let merged: [UInt8]
            do {
                merged = try XMPSidecarWriter.merge(original, change, tagName: XMPSidecarWriterTests.tagName)
            } catch {
                XCTFail("round \(round): \(error)\n\(String(decoding: original, as: UTF8.self))")
                continue
            }
            // A self-closed Description that gets a property gains an end tag: the one change allowed.
            func outside(_ bytes: [UInt8]) throws -> String {
                try XMPSidecarWriterTests.outsideDaybooksFields(bytes)
                    .replacing(/<(rdf:Description[^>]*?)\/>/) { "<\($0.output.1)></rdf:Description>" }
            }
            XCTAssertEqual(try outside(merged), try outside(original), "round \(round)")
            XCTAssertEqual(try XMPSidecarWriter.merge(merged, change, tagName: XMPSidecarWriterTests.tagName), merged, "round \(round)")
            if case .set(let text) = change.text {
                XCTAssertEqual(try XMPSidecarWords.read(merged).get().text, text, "round \(round)")
            }
        }
    }
}
