import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// Movies whose sample tables declare more than the file can hold are refused by their boxes
/// before FFmpeg allocates an index for what they declare; honest counts in the same layout
/// pass. The files are made by scripts/make_hostile_movies.py.
final class MovieSampleTableTests: XCTestCase {
    static func movie(_ kind: String, _ options: [String] = []) throws -> [UInt8] {
        let url = try TemporaryFolder.make("hostile-movie").appendingPathComponent("\(kind).mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Repository.root.appendingPathComponent("scripts/make_hostile_movies.py").path, kind, url.path] + options
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return [UInt8](try Data(contentsOf: url))
    }

    func testThreeTracksOfEightyMillionOneByteSamplesAreRefusedFromTheirBoxes() throws {
        let bytes = try Self.movie("sample-bomb")
        XCTAssertLessThan(bytes.count, 4096)
        XCTAssertThrowsError(try VideoFile(bytes)) { error in
            XCTAssertEqual(
                error as? VideoError, .sampleTable(box: "stsz", declared: 80_000_000, what: "samples", fileSize: bytes.count))
            XCTAssertEqual(
                (error as? VideoError)?.description,
                "damaged movie: its 'stsz' box declares 80000000 samples, more than the file's \(bytes.count) bytes can hold")
        }
    }

    func testAFragmentRunOfEightyMillionSamplesIsRefused() throws {
        let bytes = try Self.movie("trun-bomb")
        XCTAssertThrowsError(try MovieSampleTables.check(.memory(bytes))) { error in
            guard case .sampleTable(box: "trun", declared: 80_000_000, _, _) = error as? VideoError else {
                return XCTFail("\(error)")
            }
        }
    }

    /// Found by the fuzzer: a `trun` whose size runs past its `traf` is still read by FFmpeg,
    /// cut at the parent's end, so it is checked the same.
    func testARunWhoseBoxOverrunsItsParentIsStillChecked() throws {
        let bytes = try Self.movie("trun-bomb", ["--overrun"])
        XCTAssertThrowsError(try MovieSampleTables.check(.memory(bytes))) { error in
            guard case .sampleTable(box: "trun", declared: 80_000_000, _, _) = error as? VideoError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testTheFuzzersRegressionInputsAreRefusedFromTheirBoxes() throws {
        let url = Repository.fixtures.appendingPathComponent("fuzz/movie/trun-overruns-its-traf.mp4")
        let bytes = [UInt8](try Data(contentsOf: url))
        XCTAssertThrowsError(try VideoFile(bytes)) { error in
            XCTAssertEqual(error as? VideoError, .sampleTable(box: "trun", declared: 80_000_000, what: "samples", fileSize: 953))
        }
    }

    func testCountsEachFileCanHoldAreStillCappedTogether() throws {
        // Four tracks of four million one-byte samples, in a file with four million bytes of
        // media: each count fits, and the third takes their sum over the limit.
        let bytes = try Self.movie("sample-bomb", ["--tracks", "4", "--samples", "4000000", "--mdat-bytes", "4000000"])
        XCTAssertThrowsError(try MovieSampleTables.check(.memory(bytes))) { error in
            XCTAssertEqual(error as? VideoError, .tooLarge(.videoSamples(12_000_000, limit: MovieSampleTables.maxSamples)))
        }
    }

    /// A movie stripped of its media keeps an index whose samples the file no longer holds;
    /// under the allowance it is left to FFmpeg, which tells it apart as having no media data.
    func testAStrippedMoviesIndexIsLeftToFFmpeg() throws {
        let bytes = try Self.movie("sample-bomb", ["--tracks", "1", "--samples", "40000", "--mdat-bytes", "0"])
        XCTAssertNoThrow(try MovieSampleTables.check(.memory(bytes)))
        let past = try Self.movie("sample-bomb", ["--tracks", "1", "--samples", "\(MovieSampleTables.implicitSampleAllowance + 1)"])
        XCTAssertThrowsError(try MovieSampleTables.check(.memory(past)))
    }

    func testHonestCountsInTheSameLayoutPass() throws {
        let bytes = try Self.movie("sample-bomb", ["--tracks", "2", "--samples", "30", "--mdat-bytes", "64"])
        XCTAssertNoThrow(try MovieSampleTables.check(.memory(bytes)))
        XCTAssertNoThrow(try MovieSampleTables.check(.memory(try Self.movie("trun-bomb", ["--samples", "30"]))))
    }

    func testEveryFixtureVideoPasses() throws {
        let folder = Repository.fixtures.appendingPathComponent("videos")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            ["mp4", "mov", "3gp"].contains(($0 as NSString).pathExtension)
        }
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            XCTAssertNoThrow(try MovieSampleTables.check(.memory(bytes)), name)
        }
    }
}
