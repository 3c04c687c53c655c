import Foundation
import XCTest

@testable import DaybookPresentation

/// `JSONOutput` remembers each key's snake_case form; the output is still byte for byte what
/// `JSONEncoder`'s `.convertToSnakeCase` writes, for a struct's keys and a dictionary's.
final class JSONOutputKeyTests: XCTestCase {
    struct Inner: Encodable {
        let capturedUTC = 1
        let path = "/a/b"
        let snake = true
        let accented = "ü"

        enum CodingKeys: String, CodingKey {
            case capturedUTC
            case path = "URLPath"
            case snake = "already_snake"
            case accented = "ÜberKey"
        }
    }

    struct Outer: Encodable {
        let placeCountryCode = "FR"
        let a2bC = 2
        let _leadingUnderscore = 3
        let trailing = 4
        let innerList = [Inner(), Inner()]
        let counts = ["myTag": 1, "blueSky": 2, "ALLCAPS": 3, "with space": 4]
        let byNumber = [7: "seven"]

        enum CodingKeys: String, CodingKey {
            case placeCountryCode, a2bC, _leadingUnderscore
            case trailing = "trailingUnderscore_"
            case innerList, counts, byNumber
        }
    }

    func testKeysAreTheEncodersOwnSnakeCase() throws {
        let reference = JSONEncoder()
        reference.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        reference.keyEncodingStrategy = .convertToSnakeCase
        for _ in 0..<2 {  // the second time from memory
            XCTAssertEqual(
                String(decoding: try JSONOutput.data(Outer()), as: UTF8.self),
                String(decoding: try reference.encode(Outer()), as: UTF8.self))
        }
    }

    func testKeysFromDataDoNotGrowTheMemoryWithoutEnd() throws {
        let many = Dictionary(uniqueKeysWithValues: (0..<(SnakeCaseKey.remembered * 2)).map { ("tagNumber\($0)", $0) })
        let reference = JSONEncoder()
        reference.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        reference.keyEncodingStrategy = .convertToSnakeCase
        XCTAssertEqual(try JSONOutput.data(many), try reference.encode(many))
        XCTAssertLessThanOrEqual(SnakeCaseKey.rememberedCount, SnakeCaseKey.remembered)
    }
}
