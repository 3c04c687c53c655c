import Foundation

/// The checkout the tests run from, for the files committed beside them (sample photos,
/// fixtures, the README).
public enum Repository {
    /// Found from this file's own path: Tests/TestSupport/Repository.swift.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// SampleImages/: the photos whose metadata and tags the README documents.
    public static let sampleImages = root.appendingPathComponent("SampleImages")

    /// Tests/Fixtures/: committed test inputs (see its README.md).
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")
}
