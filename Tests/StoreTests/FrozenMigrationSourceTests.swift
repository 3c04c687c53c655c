import DaybookTestSupport
import Foundation
import XCTest

/// The migrations' sources name no live code: what a migration runs on a user's old library
/// must not change when a type the application uses changes. The check reads the files as
/// text, so it needs no list of what the rest of the store declares.
final class FrozenMigrationSourceTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Sources/DaybookStore/Database/Migrations")

    /// Modules and types a migration may name: GRDB's and the standard library's, and the
    /// migrations' own (declared in the folder).
    static let allowedTypes: Set<String> = ["GRDB", "Database", "DatabaseMigrator", "Int", "Set", "String"]

    func testNoMigrationSourceInterpolatesOrNamesALiveType() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 1, "the migrations are in \(Self.folder.path)")
        let sources = try files.map { try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8) }
        let declared = Set(sources.flatMap { Self.words(after: ["enum", "struct", "extension"], in: Self.code(of: $0)) })
        for (file, source) in zip(files, sources) {
            XCTAssertFalse(source.contains("\\("), "\(file) interpolates a value into its SQL: write the SQL out")
            let named = Set(Self.capitalizedWords(in: Self.code(of: source)))
            let live = named.subtracting(Self.allowedTypes).subtracting(declared)
            XCTAssertEqual(live, [], "\(file) names a type outside the migrations: freeze a private copy of what it needs")
        }
    }

    func testTheCheckSeesCodeButNotSQLOrComments() {
        let source = """
            // PlaceColumns once did this.
            enum Frozen {
                static let sql = \"""
                    CREATE TABLE JournalTag (x)
                    \"""
                static let order = JournalTag.displayOrder + "SearchWords"
            }
            """
        XCTAssertEqual(Set(Self.capitalizedWords(in: Self.code(of: source))), ["Frozen", "JournalTag"])
    }

    /// The source without comments and string literals (single- and multi-line).
    static func code(of source: String) -> String {
        var code = ""
        var rest = Substring(source)
        while let first = rest.first {
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("\"\"\"") {
                rest = rest.dropFirst(3)
                if let end = rest.range(of: "\"\"\"") { rest = rest[end.upperBound...] } else { rest = "" }
            } else if first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"", character != "\n" {
                    rest = rest.dropFirst(character == "\\" ? 2 : 1)
                }
                rest = rest.dropFirst()
            } else {
                code.append(first)
                rest = rest.dropFirst()
            }
        }
        return code
    }

    static func identifiers(in code: String) -> [Substring] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    static func capitalizedWords(in code: String) -> [String] {
        identifiers(in: code).filter { $0.first?.isUppercase == true }.map(String.init)
    }

    static func words(after keywords: Set<String>, in code: String) -> [String] {
        let words = identifiers(in: code)
        return zip(words, words.dropFirst()).filter { keywords.contains(String($0.0)) }.map { String($0.1) }
    }
}
