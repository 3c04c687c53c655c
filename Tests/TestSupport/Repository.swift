import Foundation

/// The checkout the tests run from, for the files committed beside them (sample photos,
/// fixtures, the README).
public enum Repository {
    /// Found from this file's own path: Tests/TestSupport/Repository.swift.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Tests/Fixtures/sample-squares/: the generated 640x480 squares whose exact metadata its
    /// README documents (the old SampleImages, which many tests depend on byte for byte).
    public static let sampleSquares = root.appendingPathComponent("Tests/Fixtures/sample-squares")

    /// Tests/Fixtures/: committed test inputs (see its README.md).
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")
}
