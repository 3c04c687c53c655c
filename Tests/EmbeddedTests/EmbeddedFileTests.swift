import CEmbeddedWeb
import DaybookEmbedded
import DaybookTestSupport
import Foundation
import XCTest

/// The files the binary carries are the repository's files: a build that missed a change to
/// one of them, or a data file added beside them but not to its list (Sources/CEmbedded*/files.c), fails
/// here, naming the file.
final class EmbeddedFileTests: XCTestCase {
    /// Both lists: every program's and the web journal's.
    let all = EmbeddedFiles.places.all + EmbeddedFiles(dbk_embedded_web_files).all

    func testEveryEmbeddedFileIsTheFileInTheRepository() throws {
        XCTAssertTrue(all.contains { $0.path == "Sources/DaybookPlaces/places.bin" }, "the place table")
        XCTAssertTrue(all.contains { $0.path == "Sources/DaybookWeb/Assets/static/daybook.css" }, "the style sheet")
        for file in all {
            let url = Repository.root.appendingPathComponent(file.path)
            guard let onDisk = FileManager.default.contents(atPath: url.path) else {
                XCTFail("\(file.path): embedded, but no such file in the repository (Sources/CEmbedded*/files.c)")
                continue
            }
            XCTAssertTrue(
                onDisk == Data(file.bytes),
                "\(file.path): the binary's copy (\(file.bytes.count) bytes) is not the repository's file (\(onDisk.count) bytes): a stale build?"
            )
        }
    }

    /// Every file beside an embedded one, but the Swift code, is embedded too: a template or
    /// script added to its folder and not to its files.c would be missing from the binary.
    func testEveryDataFileBesideAnEmbeddedFileIsEmbedded() throws {
        let embedded = Set(all.map(\.path))
        let folders = Set(all.map { ($0.path as NSString).deletingLastPathComponent })
        for folder in folders.sorted() {
            let names = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent(folder).path)
            for name in names.sorted() where !name.hasSuffix(".swift") && !name.hasPrefix(".") {
                XCTAssertTrue(embedded.contains("\(folder)/\(name)"), "\(folder)/\(name) is in no list of Sources/CEmbedded*/files.c")
            }
        }
    }

    func testFilesByFolderAreTheFilesDirectlyInIt() {
        let web = EmbeddedFiles(dbk_embedded_web_files)
        let templates = web.files(in: "Sources/DaybookWeb/Templates/mustache")
        XCTAssertTrue(templates.contains { $0.name == "head.mustache" })
        XCTAssertTrue(templates.allSatisfy { $0.path.hasPrefix("Sources/DaybookWeb/Templates/mustache/") })
        XCTAssertTrue(web.files(in: "Sources/DaybookWeb").isEmpty, "only files directly in the folder")
        XCTAssertNil(web.file("Sources/DaybookWeb/Templates/mustache/none.mustache"))
    }
}
