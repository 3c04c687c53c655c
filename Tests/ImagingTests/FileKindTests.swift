import DaybookImaging
import XCTest

final class FileKindTests: XCTestCase {
    /// An `ftyp` box: size, "ftyp", major brand, minor version 0, compatible brands.
    static func fileType(_ major: String, _ compatible: [String] = []) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + Array("ftyp\(major)".utf8) + [0, 0, 0, 0]
            + compatible.flatMap { Array($0.utf8) }
    }

    func testKindsByContent() {
        let cases: [([UInt8], FileKind)] = [
            ([0xFF, 0xD8, 0xFF, 0xE1, 0, 0], .jpeg),
            // iPhone, Android and camera HEIFs by major and compatible brands.
            (Self.fileType("heic", ["mif1", "MiHE", "miaf", "MiHB", "heic"]), .heif),
            (Self.fileType("heix", ["mif1", "heix", "miaf", "MiHA", "jpeg", "SHIF"]), .heif),
            (Self.fileType("mif1", ["heic"]), .heif),
            (Self.fileType("msf1", ["hevc"]), .heif),
            (Self.fileType("mif1"), .heif),
            // AVIF carries the generic brands too; its AV1 brand decides.
            (Self.fileType("avif", ["avif", "mif1", "miaf"]), .avif),
            (Self.fileType("mif1", ["miaf", "avif"]), .avif),
            (Self.fileType("avis", ["avis", "msf1"]), .avif),
            // A Live Photo's video half, MP4, iTunes and 3GPP clips: videos, read through FFmpeg.
            (Self.fileType("qt  ", ["qt  "]), .video),
            (Self.fileType("isom", ["isom", "iso2", "avc1", "mp41"]), .video),
            (Self.fileType("mp42"), .video),
            (Self.fileType("M4V ", ["M4V ", "M4A ", "mp42", "isom"]), .video),
            (Self.fileType("3gp5", ["3gp5", "isom"]), .video),
            // QuickTime movies older than `ftyp`, by their first atom (ExifTool's QuickTime.mov
            // starts with `moov`; cameras wrote `mdat` or a `wide` padding atom first).
            ([0, 0, 0x0F, 0x17] + Array("moovmvhd".utf8), .video),
            ([0, 0, 0, 8] + Array("wide".utf8) + [0, 0, 0, 0] + Array("mdat".utf8), .video),
            ([0, 0, 0, 0] + Array("mdat".utf8), .video),
            // A size smaller than an atom's header is no QuickTime movie.
            ([0, 0, 0, 4] + Array("moov".utf8), .other("not a JPEG (starts with 0x00 0x00)")),
            // A HEIF listing an MP4 brand among its compatible ones stays an image.
            (Self.fileType("heic", ["mif1", "heic", "iso8", "mp41"]), .heif),
            (Self.fileType("avif", ["avif", "mif1", "miaf", "iso8"]), .avif),
            // An iTunes audio file (a voice memo) lists MP4 brands too, but is no video.
            (Self.fileType("M4A ", ["M4A ", "mp42", "isom"]), .other("not a JPEG (ISO media file, brand 'M4A')")),
            // An ISO media file of another family is neither.
            (Self.fileType("f4v "), .other("not a JPEG (ISO media file, brand 'f4v')")),
            // Canon CR3 is ISO media with its own brand: a camera RAW, read through LibRaw.
            (Self.fileType("crx ", ["crx "]), .cameraRaw),
            (Self.fileType("crx ", ["crx ", "isom"]), .cameraRaw),
            // TIFF and the makers' variants of its header (Olympus, Panasonic), and Fujifilm's RAF.
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .cameraRaw),
            ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .cameraRaw),
            (Array("IIRO".utf8) + [8, 0, 0, 0], .cameraRaw),
            ([0x49, 0x49, 0x55, 0x00, 0x18, 0, 0, 0], .cameraRaw),
            (Array("FUJIFILMCCD-RAW 0201".utf8), .cameraRaw),
            // An iPhone's .AAE edit file is an XML property list.
            (Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist".utf8), .other("not a JPEG (looks like HTML/text)")),
            ([], .other("empty file")),
        ]
        for (bytes, expected) in cases {
            XCTAssertEqual(FileKind(prefix: bytes), expected, String(decoding: bytes.prefix(32), as: UTF8.self))
        }
    }

    func testBrandsStopAtTheBoxEnd() {
        // The bytes after the ftyp box (a meta box here) are not brands.
        let bytes = Self.fileType("qt  ") + [0, 0, 0, 8] + Array("heic".utf8)
        XCTAssertEqual(ISOBoxes.brands(bytes), ["qt  "])
        XCTAssertEqual(FileKind(prefix: bytes), .video)
        XCTAssertNil(ISOBoxes.brands(Array("ftyp".utf8)))
    }

    func testOverrunFindsTheBoxAFileEndsIn() {
        let whole =
            Self.fileType("heic") + [0, 0, 0, 12] + Array("meta".utf8) + [0, 0, 0, 0] + [0, 0, 0, 20] + Array("mdat".utf8)
            + [UInt8](repeating: 7, count: 12)
        XCTAssertNil(ISOBoxes.overrun(whole))
        let cut = Array(whole.dropLast(5))
        XCTAssertEqual(ISOBoxes.overrun(cut)?.type, "mdat")
        XCTAssertEqual(ISOBoxes.overrun(cut)?.declaredEnd, whole.count)
        XCTAssertEqual(ISOBoxes.overrun(cut)?.isCutShort, true)
        XCTAssertEqual(ISOBoxes.overrun(Array(whole.prefix(20)))?.declaredEnd, 24)
        // A size field in damaged data: no box type a writer would give.
        let garbage = Self.fileType("heic") + [0x00, 0x74, 0x60, 0x00, 0, 0, 0, 0]
        XCTAssertEqual(ISOBoxes.overrun(garbage)?.isCutShort, false)
        // Size 0: the box runs to the end of the file.
        XCTAssertNil(ISOBoxes.overrun(Self.fileType("heic") + [0, 0, 0, 0] + Array("mdat".utf8) + [1, 2, 3]))
    }
}
