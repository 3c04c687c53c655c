/// Writes Daybook's fields (`XMPSidecarFields`) into a sidecar's bytes, or makes a new sidecar.
///
/// Another tool's sidecar holds its edits (a Lightroom develop history, darktable's module
/// stack, digiKam's face regions), so it is changed by splicing: the bytes of each of
/// Daybook's properties are replaced where they are (an element keeps its prefix, an attribute
/// keeps its quotes), a property Daybook adds goes at the end of the first top-level
/// `rdf:Description`, with a namespace declaration on it only when none is in scope; every
/// other byte stays as it was. The sidecar is first read as the ingest reads it (`XMPReader`'s
/// limits: size, UTF-8, no DOCTYPE or entities, well-formed), and the result is read back
/// before it is returned: a sidecar that would not say exactly what was written is refused,
/// never half-written.
package enum XMPSidecarWriter {
    /// The merged bytes. `existing` nil makes a new sidecar. `tagName` says which tag a
    /// keyword already in the sidecar names (nil: none), so `New York` stays for `new-york`.
    package static func merge(
        _ existing: [UInt8]?, _ fields: XMPSidecarFields, tagName: (String) -> String?
    ) throws(XMPSidecarError) -> [UInt8] {
        let document = try read(existing ?? Array(Self.newSidecar.utf8))
        let plans = XMPPropertyPlan.plans(for: fields, in: document, tagName: tagName)
        var splices = XMPSidecarSplices(document)
        for plan in plans { splices.apply(plan) }
        let merged = try splices.result()
        try check(merged, plans)
        return merged
    }

    /// A sidecar as exiftool starts one, with an empty Description for the fields.
    static let newSidecar = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Daybook">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>

        """

    private static func read(_ bytes: [UInt8]) throws(XMPSidecarError) -> XMPSidecarDocument {
        switch XMPSidecarDocument.read(bytes) {
        case .failure(let refusal): throw XMPSidecarError(reason: refusal.reason)
        case .success(let document):
            guard !document.descriptions.isEmpty else {
                throw XMPSidecarError(reason: "XMP has no rdf:Description for Daybook's fields")
            }
            return document
        }
    }

    /// Reads the result as the ingest will and compares every planned property.
    private static func check(_ merged: [UInt8], _ plans: [XMPPropertyPlan]) throws(XMPSidecarError) {
        let document: XMPSidecarDocument
        do {
            document = try read(merged)
        } catch {
            throw XMPSidecarError(reason: "the merged sidecar would not read back (\(error.reason)); not written")
        }
        for plan in plans {
            let places = document.places(of: plan.name)
            let reads: Bool
            switch plan.content {
            case nil: reads = places.isEmpty
            case .simple(let value)?: reads = places.count == 1 && document.value(of: plan.name) == value
            case .array(_, let items)?: reads = places.count == 1 && document.items(of: plan.name) == items
            }
            guard reads else {
                throw XMPSidecarError(reason: "\(plan.name) would not read back as written; not written")
            }
        }
    }
}
