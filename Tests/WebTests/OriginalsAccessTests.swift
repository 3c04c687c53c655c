import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// Which files `/originals` and previews may read (docs/file-access.md): only under the
/// folders the library ingests from or `serve --originals` names; a photo reached through a
/// symlink is served through the link; the content type comes from the bytes.
final class OriginalsAccessTests: XCTestCase {
    func application(_ store: JournalStore, originals: [String] = []) throws -> some ApplicationProtocol {
        var configuration = WebConfiguration()
        configuration.originalFolders = originals
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        return try WebJournal(store: store, configuration: configuration).application(logger: logger)
    }

    func copySample(_ name: String, to folder: URL, as copy: String? = nil) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(copy ?? name)
        try FileManager.default.copyItem(at: Repository.sampleSquares.appendingPathComponent(name), to: target)
        return target
    }

    /// An export naming a file outside every folder the library ingests from (a stand-in for
    /// a system file whose bytes an attacker knows) is imported; an ingested photo is served,
    /// the imported entry's file is not, until `--originals` names its folder.
    func testAnImportedEntryOutsideTheIngestedFoldersIsRefused() async throws {
        let root = try temporaryFolder("daybook-originals")
        let system = root.appendingPathComponent("system")
        _ = try copySample("08-no-exif.jpg", to: system, as: "passwd")
        let exporter = try JournalStore(library: Library(root: root.appendingPathComponent("exporter")))
        _ = try await Ingester(store: exporter, options: IngestOptions(jobs: 1)).ingest(paths: [
            system.appendingPathComponent("passwd").path
        ])
        let archive = try Self.archive(of: exporter)

        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        XCTAssertEqual(try store.importArchive(archive), 1)
        XCTAssertEqual(try store.ingestRoots(), [], "an import adds no folder")
        let imported = try XCTUnwrap(try store.entries().first)
        let photos = root.appendingPathComponent("photos")
        _ = try copySample("02-rio-2020-01.jpg", to: photos)
        _ = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        let ingested = try XCTUnwrap(try store.entries().first { $0.id != imported.id })
        let roots = try store.ingestRoots()
        XCTAssertTrue(roots.contains(photos.path), "\(roots)")

        let previewName = try XCTUnwrap(ThumbnailName(contentHash: imported.contentHash)).fileName
        try await application(store).test(.router) { client in
            try await client.execute(uri: "/originals/\(ingested.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
            }
            try await client.execute(uri: "/originals/\(imported.id)", method: .get) { XCTAssertEqual($0.status, .notFound) }
            try await client.execute(uri: "/previews/\(previewName)", method: .get) { XCTAssertEqual($0.status, .notFound) }
        }
        try await application(store, originals: [system.path]).test(.router) { client in
            try await client.execute(uri: "/originals/\(imported.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Data(buffer: response.body), try Data(contentsOf: system.appendingPathComponent("passwd")))
            }
        }
    }

    /// A photo in an ingested folder that is a symlink to a file elsewhere: ingest reads it,
    /// and the web serves it through the link, with a preview; the entry keeps the link's path.
    func testASymlinkedPhotoIsServedWithAPreview() async throws {
        let root = try temporaryFolder("daybook-originals-link")
        let elsewhere = try copySample("02-rio-2020-01.jpg", to: root.appendingPathComponent("elsewhere"))
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let link = photos.appendingPathComponent("rio.jpg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let heic = photos.appendingPathComponent("phone.heic")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("heic/IMG_5195.HEIC"), to: heic)
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        let summary = try await Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photos.path])
        XCTAssertEqual(summary.created.count, 2)
        let entry = try XCTUnwrap(try store.entries().first { $0.sourcePath.hasSuffix("rio.jpg") })
        XCTAssertEqual(entry.sourcePath, link.path)
        let phone = try XCTUnwrap(try store.entries().first { $0.sourcePath.hasSuffix("phone.heic") })
        let previewName = try XCTUnwrap(ThumbnailName(contentHash: entry.contentHash)).fileName

        try await application(store).test(.router) { client in
            try await client.execute(uri: "/originals/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Data(buffer: response.body), try Data(contentsOf: elsewhere))
                XCTAssertEqual(response.headers[.contentType], "image/jpeg")
            }
            try await client.execute(uri: "/previews/\(previewName)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Array(Data(buffer: response.body).prefix(3)), [0xFF, 0xD8, 0xFF])
            }
            try await client.execute(uri: "/originals/\(phone.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers[.contentType], "image/heic")
            }
            // The link now points at a FIFO: refused, and the server does not block on it.
            try FileManager.default.removeItem(at: elsewhere)
            XCTAssertEqual(mkfifo(elsewhere.path, 0o600), 0)
            try await client.execute(uri: "/originals/\(entry.id)", method: .get) { XCTAssertEqual($0.status, .notFound) }
        }
    }

    /// `exporter`'s journal as `export json` writes it, thumbnails included: a page links a
    /// rendition only of a photo Daybook could make a picture of.
    static func archive(of exporter: JournalStore) throws -> JournalArchive {
        let thumbnails = exporter.library.thumbnailsURL
        return JournalArchive(
            exportedAt: "2025-01-01T00:00:00Z",
            items: try exporter.journalItems().map { item in
                let thumbnail = try item.entry.thumbnail.map { try Data(contentsOf: thumbnails.appendingPathComponent($0)) }
                return JournalArchive.Item(entry: item.entry, thumbnail: thumbnail)
            })
    }

    /// An imported entry whose path leads outside every allowed folder (a stand-in for
    /// `~/.ssh/id_rsa`): its page does not open the file either, so its "Original as JPEG"
    /// link cannot tell whether the file starts like an image, until `--originals` names the folder.
    func testAnEntryPageOpensNoFileOutsideTheAllowedFolders() async throws {
        let root = try temporaryFolder("daybook-originals-head")
        let secrets = root.appendingPathComponent("ssh")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        let secret = secrets.appendingPathComponent("id_rsa")
        try FileManager.default.copyItem(at: WebFixture.heicPillow.appendingPathComponent("arrow.heic"), to: secret)
        let exporter = try JournalStore(library: Library(root: root.appendingPathComponent("exporter")))
        _ = try await Ingester(store: exporter, options: IngestOptions(jobs: 1)).ingest(paths: [secret.path])
        let archive = try Self.archive(of: exporter)
        let store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        XCTAssertEqual(try store.importArchive(archive), 1)
        let imported = try XCTUnwrap(try store.entries().first)
        XCTAssertEqual(imported.sourcePath, secret.path)
        let link = "/originals/\(imported.id)?as=jpeg"
        try await application(store).test(.router) { client in
            try await client.execute(uri: "/entries/\(imported.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertFalse(response.text.contains(link), "the page did not look at the file")
            }
        }
        try await application(store, originals: [secrets.path]).test(.router) { client in
            try await client.execute(uri: "/entries/\(imported.id)", method: .get) { response in
                XCTAssertTrue(response.text.contains(link), "named with --originals, the file is the entry's HEIC")
            }
        }
    }
}
