import DaybookImaging
import DaybookImagingTestSupport
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// Every photo Daybook ingests can be seen in the browser: previews and full-size JPEGs of
/// HEIC photos as they are shown, originals with their true media type, and a photo too big
/// to preview answered with its thumbnail rather than a server error.
final class PhotoPreviewTests: XCTestCase {
    /// What `heif-convert` (libheif's own viewer) shows: the pixels every viewer agrees on.
    static func heifConvert(_ url: URL) throws -> [UInt8] {
        let output = try TemporaryFolder.make("daybook-heif-convert").appendingPathComponent("shown.jpg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/heif-convert")
        process.arguments = ["-q", "95", url.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("heif-convert (libheif-examples) is needed") }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return [UInt8](try Data(contentsOf: output))
    }

    func testHEICPreviewIsAJPEGOfThePhotoAsShown() async throws {
        let fixture = try WebFixture.withHEICs()
        let arrow = try fixture.entry("arrow.heic")
        XCTAssertEqual([arrow.pixelWidth, arrow.pixelHeight], [3024, 4032], "stored as shown")
        let shown = try Self.heifConvert(WebFixture.heicPillow.appendingPathComponent("arrow.heic"))
        XCTAssertEqual(try JPEGDecoder.frameSize(of: shown), FrameSize(width: 3024, height: 4032))
        let name = try XCTUnwrap(ThumbnailName(contentHash: arrow.contentHash))
        try await fixture.application().test(.router) { client in
            let preview = try await client.execute(uri: "/previews/\(name.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                return [UInt8](Data(buffer: response.body))
            }
            let decoded = try JPEGDecoder.decode(preview, minimumLongestSide: .max)
            XCTAssertEqual(decoded.frame, FrameSize(width: 1200, height: 1600), "portrait, as heif-convert shows it")
            // Turned once: the same picture as heif-convert's, not a sideways one.
            let viewer = try JPEGDecoder.decode(shown, minimumLongestSide: 1600).image.resized(toLongestSide: 1600)
            XCTAssertLessThan(decoded.image.meanDifference(viewer), 6)
            let thumbnail = try XCTUnwrap(arrow.thumbnailWidth.flatMap { w in arrow.thumbnailHeight.map { (w, $0) } })
            XCTAssertEqual(Double(thumbnail.0) / Double(thumbnail.1), 1200.0 / 1600, accuracy: 0.01, "the thumbnail's shape")
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: fixture.store.library.previewsURL.appendingPathComponent(name.fileName).path))

            let reykjavik = try fixture.entry("10-reykjavik-dandelions.heic")
            let landscape = try XCTUnwrap(ThumbnailName(contentHash: reykjavik.contentHash))
            try await client.execute(uri: "/previews/\(landscape.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                let frame = try JPEGDecoder.frameSize(of: [UInt8](Data(buffer: response.body)))
                XCTAssertEqual(frame, FrameSize(width: 1600, height: 900))
            }
        }
    }

    /// A guard on the move to PhotoDecoder (this passed before it too): a JPEG is still turned
    /// by its EXIF Orientation, the magenta marker top left and the cyan one bottom right.
    func testOrientedJPEGPreviewsAreUpright() async throws {
        let fixture = try WebFixture()
        try await fixture.application().test(.router) { client in
            for file in ["02-rio-2020-01.jpg", "03-newyork-2021-03.jpg", "04-sydney-2021-12.jpg"] {
                let entry = try fixture.entry(file)
                XCTAssertNotEqual(entry.orientation, .up, file)
                let name = try XCTUnwrap(ThumbnailName(contentHash: entry.contentHash))
                let bytes = try await client.execute(uri: "/previews/\(name.fileName)", method: .get) {
                    [UInt8](Data(buffer: $0.body))
                }
                let image = try JPEGDecoder.decode(bytes, minimumLongestSide: .max).image
                XCTAssertEqual([image.width, image.height], [640, 480], file)
                let magenta = image.pixel(x: 48, y: 48), cyan = image.pixel(x: 640 - 32, y: 480 - 32)
                XCTAssertTrue(magenta.r > 200 && magenta.g < 60 && magenta.b > 200, "\(file): magenta top left, \(magenta)")
                XCTAssertTrue(cyan.r < 60 && cyan.g > 200 && cyan.b > 200, "\(file): cyan bottom right, \(cyan)")
            }
        }
    }

    func testOriginalsAnswerWithTheMediaTypeOfTheirBytes() async throws {
        let fixture = try WebFixture.withHEICs()
        let types = [
            "01-paris-2019-07.jpg": "image/jpeg", "arrow.heic": "image/heic", "10-reykjavik-dandelions.heic": "image/heic",
            "generic.heif": "image/heif",
        ]
        try await fixture.application().test(.router) { client in
            for (file, type) in types {
                let entry = try fixture.entry(file)
                try await client.execute(uri: "/originals/\(entry.id)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok, file)
                    XCTAssertEqual(response.headers[.contentType], type, file)
                    XCTAssertEqual(Data(buffer: response.body), try Data(contentsOf: URL(fileURLWithPath: entry.sourcePath)), file)
                }
            }
        }
    }

    func testJPEGOfAHEICIsTheWholePhotoMadeOnceAndCached() async throws {
        let fixture = try WebFixture.withHEICs()
        let reykjavik = try fixture.entry("10-reykjavik-dandelions.heic")
        let paris = try fixture.entry("01-paris-2019-07.jpg")
        let cached = fixture.store.library.jpegOriginalsURL.appendingPathComponent("\(reykjavik.contentHash).jpg")
        let shown = try Self.heifConvert(URL(fileURLWithPath: reykjavik.sourcePath))
        try await fixture.application().test(.router) { client in
            // The entry page links the JPEG for a HEIC, and not for a JPEG.
            try await client.execute(uri: "/entries/\(reykjavik.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains("href=\"/originals/\(reykjavik.id)?as=jpeg\""), response.text)
            }
            try await client.execute(uri: "/entries/\(paris.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertFalse(response.text.contains("?as=jpeg"))
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: cached.path))
            let first = try await client.execute(uri: "/originals/\(reykjavik.id)?as=jpeg", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                XCTAssertEqual(response.headers[.contentDisposition], "inline; filename*=UTF-8''10%2Dreykjavik%2Ddandelions%2Ejpg")
                return [UInt8](Data(buffer: response.body))
            }
            let decoded = try JPEGDecoder.decode(first, minimumLongestSide: .max)
            XCTAssertEqual(decoded.frame, FrameSize(width: 1600, height: 900), "the whole photo as shown")
            let viewer = try JPEGDecoder.decode(shown, minimumLongestSide: .max).image
            XCTAssertLessThan(decoded.image.meanDifference(viewer), 4)
            XCTAssertEqual([UInt8](try Data(contentsOf: cached)), first, "kept by content hash")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: cached.deletingLastPathComponent().path), [cached.lastPathComponent],
                "no temporary left behind")
            // The second answer is the cache file's: another picture put in its place shows.
            let marker = [UInt8](try Data(contentsOf: fixture.store.library.thumbnailURL(for: try XCTUnwrap(paris.thumbnailName))))
            try Data(marker).write(to: cached)
            try await client.execute(uri: "/originals/\(reykjavik.id)?as=jpeg", method: .get) { response in
                XCTAssertEqual([UInt8](Data(buffer: response.body)), marker)
            }
            try await client.execute(uri: "/originals/\(reykjavik.id)?as=png", method: .get) { XCTAssertEqual($0.status, .badRequest) }
            // Under the originals' rules: once the photo is gone, so is its JPEG.
            try FileManager.default.removeItem(atPath: reykjavik.sourcePath)
            try await client.execute(uri: "/originals/\(reykjavik.id)?as=jpeg", method: .get) { XCTAssertEqual($0.status, .notFound) }
        }
    }

    func testDeletingAnEntryRemovesItsJPEGOriginal() async throws {
        let fixture = try WebFixture.withHEICs()
        let reykjavik = try fixture.entry("10-reykjavik-dandelions.heic")
        let cached = fixture.store.library.jpegOriginalsURL.appendingPathComponent("\(reykjavik.contentHash).jpg")
        let journal = try fixture.journal()
        let page = try await journal.pageToken()
        let token = try XCTUnwrap(page)
        try await journal.application(logger: Logger(label: "t")).test(.router) { client in
            _ = try await client.execute(uri: "/originals/\(reykjavik.id)?as=jpeg", method: .get)
            XCTAssertTrue(FileManager.default.fileExists(atPath: cached.path))
            try await client.execute(
                uri: "/entries/\(reykjavik.id)/delete", method: .post, headers: formHeaders,
                body: formBody([("csrf", token), ("confirm", "yes")])
            ) { XCTAssertEqual($0.status, .seeOther) }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: cached.path), "a deleted entry leaves no copy of its photo")
    }

    /// A 200 MP HEIC is above the 100 MP decode limit: ingest made its thumbnail from the
    /// file's 384×512 thumbnail item, but a 1600-pixel preview needs the primary image.
    func testPhotoTooBigToPreviewIsAnsweredWithItsThumbnailNotAServerError() async throws {
        let fixture = try WebFixture.withHEICs(adding: [WebFixture.heicPillow.appendingPathComponent("200MP.heic")])
        let huge = try fixture.entry("200MP.heic")
        let name = try XCTUnwrap(huge.thumbnailName)
        let thumbnail = [UInt8](try Data(contentsOf: fixture.store.library.thumbnailURL(for: name)))
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/previews/\(name.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
                XCTAssertEqual(response.headers[.cacheControl], "no-store", "tried again next time")
                XCTAssertEqual([UInt8](Data(buffer: response.body)), thumbnail)
            }
            try await client.execute(uri: "/originals/\(huge.id)?as=jpeg", method: .get) { response in
                XCTAssertEqual(response.status, .unprocessableContent)
                XCTAssertEqual(
                    response.text,
                    "no JPEG could be made of this photo: image too large: 12240×16320 (199.8 MP) is above the 100 MP limit\n")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.store.library.previewsURL.path), [])
    }

    /// A progressive JPEG keeps its whole frame whatever the scale: over the server's
    /// per-image decode limit, its preview is refused before decoding and the thumbnail shows.
    func testPreviewOverTheDecodeMemoryLimitIsAnsweredWithTheThumbnail() async throws {
        let fixture = try WebFixture()
        let ppm = Data("P6\n2400 1600\n255\n".utf8) + Data(repeating: 90, count: 2400 * 1600 * 3)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        process.arguments = ["-progressive", "-sample", "1x1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { throw XCTSkip("cjpeg (libjpeg-turbo-progs) is needed") }
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(ppm)
            try? input.fileHandleForWriting.close()
        }
        let jpeg = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try jpeg.write(to: fixture.photos.appendingPathComponent("progressive.jpg"))
        _ = try await Ingester(store: fixture.store, options: IngestOptions(jobs: 1)).ingest(paths: [fixture.photos.path])
        let entry = try fixture.entry("progressive.jpg")
        let name = try XCTUnwrap(entry.thumbnailName, "ingest's own limit allows it")
        let limits = DecodeLimits(maxImageBytes: 10_000_000, budget: DecodeBudget(bytes: 100_000_000))
        try await fixture.application { $0.decodeLimits = limits }.test(.router) { client in
            try await client.execute(uri: "/previews/\(name.fileName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(
                    [UInt8](Data(buffer: response.body)), [UInt8](try Data(contentsOf: fixture.store.library.thumbnailURL(for: name))))
            }
        }
    }
}
