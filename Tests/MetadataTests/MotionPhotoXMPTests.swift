import DaybookMetadata
import DaybookTestSupport
import Foundation
import XCTest

/// The motion-photo XMP of files exiftool wrote (Tests/Fixtures/motion/make_motion.sh), and
/// the element form of the container directory, which the fixtures write as attributes.
final class MotionPhotoXMPTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("motion")

    func read(_ name: String) throws -> MotionPhotoXMP? {
        MotionPhotoXMP.read(jpeg: try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name))))
    }

    func testContainerDirectoryGivesTheItemsInFileOrder() throws {
        let xmp = try XCTUnwrap(try read("google-motion.jpg"))
        XCTAssertEqual(
            xmp.layout,
            .container([
                .init(mime: "image/jpeg", semantic: "Primary", length: 0, padding: 0),
                .init(mime: "video/mp4", semantic: "MotionPhoto", length: 2823, padding: 0),
            ]))
    }

    func testMicroVideoGivesItsOffsetFromTheEnd() throws {
        XCTAssertEqual(try read("google-microvideo.jpg")?.layout, .microVideo(offsetFromEnd: 2823))
    }

    func testPhotosWithoutMotionXMPHaveNone() throws {
        XCTAssertNil(try read("samsung-trailer.jpg"), "Samsung's trailer has no XMP at all")
        let plain = Repository.sampleSquares.appendingPathComponent("07-deadsea-2022-06.jpg")
        XCTAssertNil(MotionPhotoXMP.read(jpeg: try [UInt8](Data(contentsOf: plain))))
    }

    func testItemFieldsAsChildElementsAndUnusableNumbers() {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:Camera="http://ns.google.com/photos/1.0/camera/"
              xmlns:Container="http://ns.google.com/photos/1.0/container/"
              xmlns:Item="http://ns.google.com/photos/1.0/container/item/">
            <Camera:MotionPhoto>1</Camera:MotionPhoto>
            <Container:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><Container:Item rdf:parseType="Resource">
              <Item:Mime>image/jpeg</Item:Mime><Item:Semantic>Primary</Item:Semantic></Container:Item></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item rdf:parseType="Resource">
              <Item:Mime> video/mp4 </Item:Mime><Item:Length>12x</Item:Length><Item:Padding>4</Item:Padding></Container:Item></rdf:li>
            </rdf:Seq></Container:Directory>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        XCTAssertEqual(
            MotionPhotoXMP.read(Array(packet.utf8))?.layout,
            .container([
                .init(mime: "image/jpeg", semantic: "Primary", length: nil, padding: nil),
                .init(mime: "video/mp4", semantic: nil, length: nil, padding: 4),
            ]))
    }

    func testTooManyItemsGiveNoDirectory() {
        let item = #"<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Length="10"/></rdf:li>"#
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
              xmlns:Container="http://ns.google.com/photos/1.0/container/"
              xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1">
            <Container:Directory><rdf:Seq>\(String(repeating: item, count: 40))</rdf:Seq></Container:Directory>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        XCTAssertEqual(MotionPhotoXMP.read(Array(packet.utf8))?.layout, .container([]))
    }

    func testMalformedPacketIsNoMotionPhoto() {
        let packet = #"<x:xmpmeta xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"><rdf:RDF"#
        XCTAssertNil(MotionPhotoXMP.read(Array(packet.utf8)))
    }
}
