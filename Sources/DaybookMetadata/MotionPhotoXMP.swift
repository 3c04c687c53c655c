/// What a photo's XMP says about a video appended to its file (a "motion photo"), before
/// anyone looks at the bytes: the reader (DaybookIngest's `MotionClipFinder`) checks each
/// number against the file.
///
/// Two forms are in use:
/// - Google's container (Pixel since 2021, Samsung since 2022): `GCamera:MotionPhoto` = 1
///   and a `Container:Directory` whose items, in file order, give each appended item's
///   `Item:Length` and the `Item:Padding` after it; the first item is the photo itself.
/// - Google's older micro video: `GCamera:MicroVideo` = 1 and `GCamera:MicroVideoOffset`,
///   the clip's distance in bytes from the file's end.
package struct MotionPhotoXMP: Sendable, Hashable {
    /// One `Container:Item`, its numbers as written (nil: missing or not a whole number).
    package struct Item: Sendable, Hashable {
        package var mime: String?
        package var semantic: String?
        package var length: Int64?
        package var padding: Int64?

        package init(mime: String?, semantic: String?, length: Int64?, padding: Int64?) {
            self.mime = mime
            self.semantic = semantic
            self.length = length
            self.padding = padding
        }
    }

    package enum Layout: Sendable, Hashable {
        case container([Item])
        /// Bytes from the end of the file to the clip's start; nil when the value is unusable.
        case microVideo(offsetFromEnd: Int64?)
    }

    package var layout: Layout

    static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    /// Checked before parsing: a packet without it is no motion photo, and costs no parse.
    private static let cameraMark = Array("ns.google.com/photos/1.0/camera/".utf8)

    /// The motion-photo description in an XMP packet; nil when the packet declares none (or
    /// cannot be read: its problems are reported by `XMPReader.read`).
    package static func read(_ packet: some Collection<UInt8>) -> MotionPhotoXMP? {
        let bytes = Array(packet)
        guard contains(bytes, cameraMark), case .success(let collector) = XMPReader.collect(bytes) else { return nil }
        let camera = { (local: String) in collector.properties[XMPName(namespace: cameraNamespace, local: local)] }
        if camera("MotionPhoto") == "1" {
            if collector.tooManyItems { return MotionPhotoXMP(layout: .container([])) }
            return MotionPhotoXMP(
                layout: .container(
                    collector.containerItems.map { fields in
                        Item(
                            mime: fields["Mime"], semantic: fields["Semantic"], length: fields["Length"].flatMap { Int64($0) },
                            padding: fields["Padding"].flatMap { Int64($0) })
                    }))
        }
        if camera("MicroVideo") == "1" {
            return MotionPhotoXMP(layout: .microVideo(offsetFromEnd: camera("MicroVideoOffset").flatMap { Int64($0) }))
        }
        return nil
    }

    /// The motion-photo description in a JPEG's standard XMP segment.
    package static func read(jpeg bytes: [UInt8]) -> MotionPhotoXMP? {
        JPEGMetadataSegments(jpeg: bytes).xmp.flatMap { read($0) }
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var index = 0
        while let found = bytes[index...].firstIndex(of: first), found + pattern.count <= bytes.count {
            if bytes[found..<found + pattern.count].elementsEqual(pattern) { return true }
            index = found + 1
        }
        return false
    }
}
