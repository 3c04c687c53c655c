import DaybookTestSupport
import Foundation
import XCTest

/// The first look reaches ingest, on by default: with `--no-wait` an iPhone portrait's
/// thumbnail is its 240×320 thumbnail item; an ingest that waits has made the full one by
/// the time it returns, and `--no-first-look` makes it from the full image at once.
final class FirstLookCLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try TemporaryFolder.make("daybook-first-look") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testTheFirstLookIsTheThumbnailItemUntilTheFullThumbnailIsMade() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("heic-pillow/arrow.heic"), to: photos.appendingPathComponent("IMG_0001.HEIC"))
        let sides = [
            (["--no-wait"], "240x320"), (["--first-look", "--no-wait"], "240x320"), ([], "300x400"),
            (["--no-first-look", "--no-wait"], "300x400"),
        ]
        for (flags, size) in sides {
            let library = folder.appendingPathComponent("library\(flags.joined())")
            let run = try DaybookProcess.run(["ingest"] + flags + [photos.path], library: library, environment: ["DAYBOOK_WEATHER": "none"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let thumbnails = library.appendingPathComponent("thumbnails")
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: thumbnails.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".jpg") }
            XCTAssertEqual(files.count, 1, "\(flags)")
            let jpeg = try [UInt8](Data(contentsOf: thumbnails.appendingPathComponent(try XCTUnwrap(files.first))))
            XCTAssertEqual(Self.frame(jpeg), size, "\(flags)")
        }
    }

    /// The SOF frame as "WxH", read from the segments before the scan.
    static func frame(_ jpeg: [UInt8]) -> String? {
        var i = 2
        while i + 9 <= jpeg.count, jpeg[i] == 0xFF {
            let code = jpeg[i + 1]
            if (0xC0...0xC3).contains(code) {
                let height = Int(jpeg[i + 5]) << 8 | Int(jpeg[i + 6])
                let width = Int(jpeg[i + 7]) << 8 | Int(jpeg[i + 8])
                return "\(width)x\(height)"
            }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return nil
    }
}
