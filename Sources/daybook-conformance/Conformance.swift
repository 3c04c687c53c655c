import ArgumentParser
import DaybookBenchSupport
import DaybookImaging
import DaybookIngest
import DaybookMetadata
import Foundation

/// Checks the parsing code against recorded truth; prints one line per mismatch and
/// "N passed, M failed".
@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook-conformance",
        abstract: "Checks Daybook's reading of photos against recorded truth, one line per mismatch.",
        discussion: """
            corpus DIR     compare EXIF reading with exiftool's, DIR/truth.json
                           (known differences: ExpectedDifference.swift)
            badinputs DIR  check each malformed file against DIR/expected.json
                           (JPEG and HEIF alike: Tests/Fixtures/heic-badinputs)
            heic DIR       compare each HEIF's analysis with exiftool's reading, DIR/truth.json
            formats DIR    compare date, GPS and orientation of PNG, WebP, GIF, AVIF and RAW
                           files with exiftool's reading, DIR/truth.json; a table per format
            videos DIR     compare each video's date, GPS, length, frame and rotation with
                           ffprobe's and exiftool's readings, DIR/truth.json

            Examples (scripts/test.sh runs them):
              daybook-conformance corpus ../shared/corpus
              daybook-conformance badinputs Tests/Fixtures/heic-badinputs
              daybook-conformance formats Tests/Fixtures/stills
              daybook-conformance videos Tests/Fixtures/videos

            Exit status: 0 when every check passed, 1 when any failed, 2 on usage errors or when \
            the folder cannot be read.
            """
    )

    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case corpus, badinputs, heic, formats, videos
    }

    @Argument(help: "What to check: corpus, badinputs, heic, formats or videos.")
    var mode: Mode

    @Argument(help: ArgumentHelp("The folder with the files and their truth.json or expected.json.", valueName: "dir"))
    var folder: String

    static func main() { runAsTool() }

    func run() throws {
        let root = URL(fileURLWithPath: folder)
        let passes: Int
        let failures: Int
        do {
            switch mode {
            case .corpus: (passes, failures) = try CorpusCheck(root: root).run()
            case .heic: (passes, failures) = try HEIFCheck(root: root).run()
            case .badinputs: (passes, failures) = try BadInputCheck(root: root).run()
            case .formats: (passes, failures) = try FormatCheck(root: root).run()
            case .videos: (passes, failures) = try VideoCheck(root: root).run()
            }
        } catch {
            FileHandle.standardError.write(Data("daybook-conformance: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print("\(passes) passed, \(failures) failed")
        if failures > 0 { throw ExitCode(1) }
    }
}
