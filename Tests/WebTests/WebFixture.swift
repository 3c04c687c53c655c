import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// A journal of the sample squares (copied, so tests may change and delete the files), plus one
/// photo whose EXIF Make is markup and one entry whose text is a script: the hostile values
/// every page must escape.
struct WebFixture {
    static let hostileMake = "<img src=x onerror=alert(1)>"
    static let hostileText = "<script>alert('daybook')</script> & \"quotes\""

    let root: URL
    let photos: URL
    let store: JournalStore

    init() throws {
        root = try TemporaryFolder.make("daybook-web")
        photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.sampleSquares.path) where name.hasSuffix(".jpg") {
            try FileManager.default.copyItem(
                at: Repository.sampleSquares.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let plain = try Data(contentsOf: Repository.sampleSquares.appendingPathComponent("08-no-exif.jpg"))
        try Data(ExifBytes.withExif(make: Self.hostileMake, date: "2024:03:05 10:00:00", into: [UInt8](plain)))
            .write(to: photos.appendingPathComponent("hostile-make.jpg"))
        store = try JournalStore(library: Library(root: root.appendingPathComponent("library")))
        let summary = try Ingester(store: store, options: IngestOptions(jobs: 2)).ingest(paths: [photos.path])
        XCTAssertEqual(summary.failed, 0)
        let hostile = try XCTUnwrap(try store.entries().first { $0.cameraMake == Self.hostileMake }, "the Make is read as written")
        try store.edit(entryID: hostile.id, text: Self.hostileText)
    }

    var hostileEntry: JournalEntry { get throws { try XCTUnwrap(try store.entries().first { $0.cameraMake == Self.hostileMake }) } }

    func journal(_ edit: (inout WebConfiguration) -> Void = { _ in }) throws -> WebJournal {
        var configuration = WebConfiguration()
        edit(&configuration)
        return try WebJournal(store: store, configuration: configuration)
    }

    func application(_ edit: (inout WebConfiguration) -> Void = { _ in }) throws -> some ApplicationProtocol {
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        return try journal(edit).application(logger: logger)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(buffer: body)) }
}

/// Percent-encodes a form body the way a browser does.
func formBody(_ fields: [(String, String)]) -> ByteBuffer {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._*")
    let text = fields.map { name, value in
        "\(name)=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }.joined(separator: "&")
    return ByteBuffer(string: text)
}

let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

func + (fields: HTTPFields, more: HTTPFields) -> HTTPFields {
    var all = fields
    all.append(contentsOf: more)
    return all
}
