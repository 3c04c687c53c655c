import DaybookCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What one source besides EXIF (an XMP packet, an IPTC record, a sidecar) says about when
/// and where: each value already checked, each problem a warning sentence.
package struct MetadataReading: Sendable, Hashable {
    package var capture: CaptureTime?
    package var location: GeoLocation?
    package var warnings: [String]

    package init(capture: CaptureTime? = nil, location: GeoLocation? = nil, warnings: [String] = []) {
        self.capture = capture
        self.location = location
        self.warnings = warnings
    }
}

/// Reads the date and place from an XMP packet: the bytes of a JPEG's XMP segment, of a
/// HEIF's `mime` item, or of a sidecar file.
///
/// XMP comes from outside and is parsed as hostile input:
///
/// - at most `maximumBytes` are parsed;
/// - it must be UTF-8 (XMP in JPEG and HEIF is UTF-8 by specification, and so is every
///   sidecar the tools write);
/// - a document type declaration is refused before the parser sees it: XMP has none, and
///   it is where entity tricks live (the "billion laughs", external entities naming local
///   files). The parser is also told not to resolve external entities, and libxml2 refuses
///   entity loops on its own;
/// - a processing instruction without data (`<?name?>`) is refused before the parser sees
///   it: libxml2 reports its data as NULL, and the toolchain's FoundationXML (6.3) hands that
///   NULL to `strlen` and crashes (found by the `xmp` fuzz target, docs/fuzzing.md);
/// - malformed XML is one warning; the packet's values are then ignored, all of them.
package enum XMPReader {
    /// Lightroom sidecars with a long edit history reach a few hundred kilobytes.
    package static let maximumBytes = 4 << 20

    static let exifNamespace = "http://ns.adobe.com/exif/1.0/"
    static let photoshopNamespace = "http://ns.adobe.com/photoshop/1.0/"
    static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"

    /// Where a packet was found, which is what its values' source says.
    package enum Origin: Sendable {
        /// Inside the photo (JPEG APP1, HEIF `mime` item).
        case embedded
        /// A sidecar file beside the photo.
        case sidecar

        var captureSource: CaptureSource { self == .embedded ? .xmp : .sidecar }
    }

    package static func read(_ packet: some Collection<UInt8>, origin: Origin) -> MetadataReading {
        let properties: [XMPName: String]
        switch parse(packet) {
        case .refused(let why): return MetadataReading(warnings: ["\(why); ignored"])
        case .parsed(let found): properties = found
        }
        var reading = MetadataReading()
        reading.capture = XMPValues.captureTime(in: properties, source: origin.captureSource, warnings: &reading.warnings)
        reading.location = XMPValues.location(in: properties, warnings: &reading.warnings)
        return reading
    }

    enum Parse: Equatable {
        case parsed([XMPName: String])
        case refused(String)
    }

    /// Why a packet is not read: one sentence.
    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// The packet's simple properties, or why it cannot be read.
    static func parse(_ packet: some Collection<UInt8>) -> Parse {
        switch collect(packet) {
        case .success(let collector): .parsed(collector.properties)
        case .failure(let refusal): .refused(refusal.reason)
        }
    }

    /// The XML parse itself, with the settings that keep entities inert (tests call it on
    /// documents `parse` refuses earlier, to show the parser alone is safe too).
    static func parseXML(_ data: Data) -> Parse {
        switch collectXML(data) {
        case .success(let collector): .parsed(collector.properties)
        case .failure(let refusal): .refused(refusal.reason)
        }
    }

    /// The packet read through the collector once every check has passed.
    static func collect(_ packet: some Collection<UInt8>) -> Result<XMPPropertyCollector, Refusal> {
        guard packet.count <= maximumBytes else {
            return .refused("XMP of \(packet.count / 1024) KB is larger than the \(maximumBytes >> 20) MB Daybook reads")
        }
        let bytes = Array(packet)
        // Writers pad packets with spaces, some with NULs, which XML does not allow.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 || bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let text = bytes[..<end]
        guard !text.isEmpty else { return .refused("XMP is empty") }
        guard String(validating: text, as: UTF8.self) != nil else { return .refused("XMP is not UTF-8 text") }
        if contains(text, "<!DOCTYPE") || contains(text, "<!ENTITY") {
            return .refused("XMP declares a document type or entities, which XMP never has")
        }
        if hasEmptyProcessingInstruction(text) { return .refused("XMP has a processing instruction without data") }
        return collectXML(Data(text))
    }

    /// Whether `<?` is followed by a name and straight away `?>`: the one form for which
    /// libxml2 passes NULL data (`xmlParsePI`). The name is taken as any run of bytes up to
    /// white space, `?`, `<` or `>`, which covers every XML name (and, stopping at the next
    /// `<`, keeps the scan linear); a `<?` inside a comment or a value is counted too,
    /// refusing a little more than needed.
    private static let nameEnds: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: "<"), UInt8(ascii: ">")]

    static func hasEmptyProcessingInstruction(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "?") else { continue }
            var end = index + 1
            while end < bytes.endIndex, !Self.nameEnds.contains(bytes[end]) { end += 1 }
            if end + 1 < bytes.endIndex, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") { return true }
        }
        return false
    }

    private static func collectXML(_ data: Data) -> Result<XMPPropertyCollector, Refusal> {
        let parser = XMLParser(data: data)
        // Namespaces are resolved by the collector (see there why).
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let collector = XMPPropertyCollector()
        parser.delegate = collector
        let finished = parser.parse()
        if let refusal = collector.refusal { return .refused("XMP has \(refusal)") }
        if !finished || parser.parserError != nil || collector.firstError != nil {
            let (code, line) = collector.firstError ?? ((parser.parserError as NSError?)?.code ?? 0, parser.lineNumber)
            let what = libxml2Errors[code].map { ": \($0)" } ?? ""
            return .refused("XMP is not well-formed XML (libxml2 error \(code) at line \(line)\(what))")
        }
        // libxml2 says nothing about a document cut off inside its first element.
        if !collector.isComplete { return .refused("XMP is not well-formed XML (it ends inside an element)") }
        return .success(collector)
    }

    /// The libxml2 errors (`xmlParserErrors`) a broken or hostile packet most often meets,
    /// in words; FoundationXML passes on the number alone.
    private static let libxml2Errors: [Int: String] = [
        4: "the document is empty",
        5: "the document ends too early, or goes on after its end",
        9: "a character XML does not allow",
        23: "an entity reference without its ;",
        26: "an undeclared entity",
        38: "a < inside an attribute value",
        39: "an attribute value without its opening quote",
        40: "an attribute value without its closing quote",
        41: "an attribute without a value",
        42: "an attribute given twice",
        73: "a tag not closed with >",
        76: "a closing tag that does not match its opening tag",
        77: "an element never closed",
        89: "entities that refer to themselves",
        201: "a prefix without a namespace declaration",
    ]

    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: pattern[0]) {
            guard found + pattern.count <= bytes.endIndex else { return false }
            if bytes[found..<found + pattern.count].elementsEqual(pattern) { return true }
            index = found + 1
        }
        return false
    }
}

extension Result where Success == XMPPropertyCollector, Failure == XMPReader.Refusal {
    static func refused(_ reason: String) -> Self { .failure(XMPReader.Refusal(reason: reason)) }
}
