import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookMetadata

/// XMP is input from outside: entity tricks, nesting, sizes, encodings, broken XML and
/// unusable values each end in one warning, quickly, with nothing read from them.
final class HostileXMPTests: XCTestCase {
    static let seeds = Repository.fixtures.appendingPathComponent("fuzz/xmp")

    func seed(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: Self.seeds.appendingPathComponent(name)))
    }

    /// A packet with one rdf:Description holding `body` (attributes first, then elements).
    func packet(attributes: String = "", _ body: String = "") -> [UInt8] {
        Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
              xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" \(attributes)>\(body)</rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    func testDocumentTypeDeclarationsAreRefusedBeforeParsing() throws {
        for name in ["billion-laughs.xmp", "external-entity.xmp"] {
            let reading = XMPReader.read(try seed(name), origin: .sidecar)
            XCTAssertNil(reading.capture, name)
            XCTAssertEqual(reading.warnings, ["XMP declares a document type or entities, which XMP never has; ignored"], name)
        }
    }

    func testTheParserAloneNeitherExpandsEntityLoopsNorReadsLocalFiles() throws {
        // Past the DOCTYPE check, libxml2 as XMLParser drives it must still be safe: the
        // entity bomb (10^9 characters if expanded) ends at once in an error...
        let start = Date()
        guard case .refused(let why) = XMPReader.parseXML(Data(try seed("billion-laughs.xmp"))) else {
            return XCTFail("the billion laughs were parsed")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertTrue(why.hasPrefix("XMP is not well-formed XML"), why)
        // ...and an external entity naming a local file is not resolved: the property is empty.
        let hostname = try String(contentsOfFile: "/etc/hostname", encoding: .utf8).trimmingSpaces
        switch XMPReader.parseXML(Data(try seed("external-entity.xmp"))) {
        case .parsed(let properties):
            XCTAssertFalse(properties.values.contains { !hostname.isEmpty && $0.contains(hostname) }, "\(properties)")
            XCTAssertNil(properties[XMPValues.dateProperties[0]])
        case .refused(let why):
            XCTAssertFalse(why.contains(hostname), why)
        }
    }

    func testNestingSizeAndEncodingLimits() throws {
        XCTAssertEqual(
            XMPReader.read(try seed("deep-nesting.xmp"), origin: .embedded).warnings,
            ["XMP has elements nested deeper than 64 levels; ignored"])
        XCTAssertEqual(
            XMPReader.read(try seed("not-utf8.xmp"), origin: .embedded).warnings, ["XMP is not UTF-8 text; ignored"])
        let huge = packet(String(repeating: " ", count: XMPReader.maximumBytes))
        XCTAssertEqual(
            XMPReader.read(huge, origin: .sidecar).warnings, ["XMP of 4096 KB is larger than the 4 MB Daybook reads; ignored"])
        XCTAssertEqual(XMPReader.read([], origin: .sidecar).warnings, ["XMP is empty; ignored"])
    }

    func testMalformedXMLIsOneWarningAndNothingIsTakenFromIt() throws {
        let reading = XMPReader.read(try seed("truncated.xmp"), origin: .sidecar)
        XCTAssertNil(reading.capture)
        XCTAssertNil(reading.location)
        XCTAssertEqual(reading.warnings.count, 1)
        XCTAssertTrue(reading.warnings[0].hasPrefix("XMP is not well-formed XML (libxml2 error "), reading.warnings[0])
        let mismatched = XMPReader.read(Array("<a><b>2020-01-01T00:00:00</a>".utf8), origin: .sidecar)
        XCTAssertNil(mismatched.capture)
        XCTAssertEqual(
            mismatched.warnings,
            ["XMP is not well-formed XML (libxml2 error 76 at line 1: a closing tag that does not match its opening tag); ignored"])
        // Cut off inside its first element, a document gets no word from libxml2.
        XCTAssertEqual(
            XMPReader.read(Array("<a>".utf8), origin: .sidecar).warnings,
            ["XMP is not well-formed XML (it ends inside an element); ignored"])
    }

    func testPacketPaddingAndNULsAfterItAreFine() {
        let padded = packet(attributes: #"exif:DateTimeOriginal="2020-02-02T02:02:02""#) + Array(repeating: 0x20, count: 2000) + [0, 0]
        XCTAssertEqual(XMPReader.read(padded, origin: .embedded).capture?.local.iso8601, "2020-02-02T02:02:02")
    }

    func testUnusableValuesAreWarnedAboutAndIgnored() {
        let cases: [(String, String)] = [
            (#"exif:GPSLatitude="48,61.5N" exif:GPSLongitude="2,21E""#, "exif:GPSLatitude minutes 61.5 are not below 60; location ignored"),
            (#"exif:GPSLatitude="48.8566" exif:GPSLongitude="2,21E""#, #"exif:GPSLatitude "48.8566" has no N/S letter; location ignored"#),
            (#"exif:GPSLatitude="48,30E" exif:GPSLongitude="2,21E""#, #"exif:GPSLatitude "48,30E" ends in E, not N/S; location ignored"#),
            (#"exif:GPSLatitude="91,0N" exif:GPSLongitude="2,21E""#, "exif:GPSLatitude 91.0 is beyond 90°; location ignored"),
            (
                #"exif:GPSLatitude="-48,30N" exif:GPSLongitude="2,21E""#,
                #"exif:GPSLatitude "-48,30N" is not DDD,MM.mmK or DDD,MM,SSK; location ignored"#
            ),
            (#"exif:GPSLatitude="48,30N""#, "GPS position has only one of exif:GPSLatitude and exif:GPSLongitude; location ignored"),
            (#"photoshop:DateCreated="2020-05-17""#, #"photoshop:DateCreated "2020-05-17" has no time of day; ignored"#),
            (
                #"photoshop:DateCreated="2020-02-30T10:00:00""#,
                #"photoshop:DateCreated "2020-02-30T10:00:00" is not a usable date; ignored"#
            ),
            (
                #"exif:DateTimeOriginal="0000-00-00T00:00:00""#,
                #"exif:DateTimeOriginal "0000-00-00T00:00:00" is not a usable date; ignored"#
            ),
        ]
        for (attributes, warning) in cases {
            let reading = XMPReader.read(packet(attributes: attributes), origin: .embedded)
            XCTAssertNil(reading.location, attributes)
            XCTAssertNil(reading.capture, attributes)
            XCTAssertEqual(reading.warnings, [warning], attributes)
        }
    }

    func testAnUnusableZoneKeepsTheDateFloatingAndALaterDatePropertyIsTried() {
        let zoned = XMPReader.read(packet(attributes: #"exif:DateTimeOriginal="2020-02-02T02:02:02+25:00""#), origin: .embedded)
        XCTAssertEqual(zoned.capture?.local.iso8601, "2020-02-02T02:02:02")
        XCTAssertNil(zoned.capture?.offset)
        XCTAssertEqual(zoned.warnings, [#"exif:DateTimeOriginal "2020-02-02T02:02:02+25:00" has an unusable time zone; offset ignored"#])

        let fallback = XMPReader.read(
            packet(attributes: #"exif:DateTimeOriginal="garbage" photoshop:DateCreated="2019-09-09T09:09Z""#), origin: .embedded)
        XCTAssertEqual(fallback.capture?.local.iso8601, "2019-09-09T09:09:00")
        XCTAssertEqual(fallback.capture?.offset?.seconds, 0)
        XCTAssertEqual(fallback.warnings, [#"exif:DateTimeOriginal "garbage" is not a usable date; ignored"#])
    }

    func testStructuresAreNotSimpleValuesAndLongValuesAreCut() {
        let structured = packet(
            "<exif:DateTimeOriginal><rdf:Alt><rdf:li>2020-01-01T00:00:00</rdf:li></rdf:Alt></exif:DateTimeOriginal>")
        XCTAssertNil(XMPReader.read(structured, origin: .embedded).capture)
        let long = packet("<exif:DateTimeOriginal>2020-01-01T00:00:00\(String(repeating: "0", count: 100_000))</exif:DateTimeOriginal>")
        let reading = XMPReader.read(long, origin: .embedded)
        XCTAssertNil(reading.capture)
        XCTAssertEqual(reading.warnings.count, 1)
        XCTAssertLessThan(reading.warnings[0].count, 120, reading.warnings[0])
    }

    func testProcessingInstructionsWithoutDataNeverReachTheParser() {
        // libxml2 reports `<?name?>` with NULL data, which FoundationXML hands to strlen.
        let packet = Array(#"<?xpacket?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>"#.utf8)
        XCTAssertEqual(XMPReader.read(packet, origin: .sidecar).warnings, ["XMP has a processing instruction without data; ignored"])
        for (text, empty) in [
            ("<?a?>", true), ("<??>", true), ("x<?pi?>", true), ("<?a ?>", false), (#"<?xpacket end="w"?>"#, false),
            ("<?a", false), ("<?", false), ("<?a?", false), ("a?>", false),
        ] {
            XCTAssertEqual(XMPReader.hasEmptyProcessingInstruction(ArraySlice(text.utf8)), empty, text)
        }
        // The scan stays linear on a packet of nothing but openings: this thread's CPU time,
        // which a busy machine does not stretch as it does the wall clock (a quadratic scan
        // of these 4 MB would take hours).
        let start = Self.threadCPUSeconds()
        XCTAssertFalse(XMPReader.hasEmptyProcessingInstruction(ArraySlice(String(repeating: "<?abc", count: 800_000).utf8)))
        XCTAssertLessThan(Self.threadCPUSeconds() - start, 2)
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func testNamespacesAreResolvedByTheirScopeNotByTheirPrefix() {
        let packet = Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><r:RDF xmlns:r="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <r:Description xmlns:exif="urn:not-exif" exif:DateTimeOriginal="2001-01-01T01:01:01" GPSLatitude="1,0N">
              <DateTimeOriginal xmlns="http://ns.adobe.com/exif/1.0/">2002-02-02T02:02:02</DateTimeOriginal>
              <p:GPSLatitude xmlns:p="http://ns.adobe.com/exif/1.0/">48,30N</p:GPSLatitude>
            </r:Description></r:RDF></x:xmpmeta>
            """.utf8)
        // exif: is bound to another namespace here and an attribute without a prefix is in
        // none: only the default-namespace date and the p: latitude are exif:'s. (An unbound
        // prefix is libxml2's error 201: the packet is then malformed.)
        let reading = XMPReader.read(packet, origin: .embedded)
        XCTAssertEqual(reading.capture?.local.iso8601, "2002-02-02T02:02:02")
        XCTAssertNil(reading.location)
        XCTAssertEqual(reading.warnings, ["GPS position has only one of exif:GPSLatitude and exif:GPSLongitude; location ignored"])
    }
}
