import DaybookImaging
import DaybookIngest
import DaybookMetadata
import Foundation

/// daybook-conformance corpus DIR     — compare EXIF reading with exiftool's, DIR/truth.json
///                                      (known differences: ExpectedDifference.swift)
/// daybook-conformance badinputs DIR  — check each malformed file against DIR/expected.json
///                                      (JPEG and HEIF alike: Tests/Fixtures/heic-badinputs)
/// daybook-conformance heic DIR       — compare each HEIF's analysis with exiftool's reading,
///                                      DIR/truth.json (HEIFCheck.swift)
///
/// Prints one line per mismatch and "N passed, M failed"; exits 1 on any failure.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let mode = arguments.first, let folder = arguments.last,
    ["corpus", "badinputs", "heic"].contains(mode)
else {
    FileHandle.standardError.write(Data("usage: daybook-conformance corpus|badinputs|heic DIR\n".utf8))
    exit(2)
}

let root = URL(fileURLWithPath: folder)
let failures: Int
let passes: Int
do {
    switch mode {
    case "corpus": (passes, failures) = try CorpusCheck(root: root).run()
    case "heic": (passes, failures) = try HEIFCheck(root: root).run()
    default: (passes, failures) = try BadInputCheck(root: root).run()
    }
} catch {
    FileHandle.standardError.write(Data("daybook-conformance: \(error)\n".utf8))
    exit(2)
}
print("\(passes) passed, \(failures) failed")
exit(failures == 0 ? 0 : 1)
