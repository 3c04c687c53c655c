import ArgumentParser

/// An error that ends the benchmark with exit status 1.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// How the baseline hashes the files.
enum BaselineHash: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// In-process, `--jobs` threads, with swift-crypto's SHA-256 (the hasher Daybook uses).
    case swiftCrypto = "swift-crypto"
    /// `sha256sum` child processes, 16 files each, `--jobs` at a time.
    case sha256sum
}

/// What the photos are: JPEG (the default bench) or HEIC (HEICBench.swift).
enum PhotoFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    case jpeg
    case heic
}

/// What a run was asked for, with the defaults filled in (DaybookBench.swift reads the
/// command line).
struct BenchOptions: Sendable {
    var photos: String?
    var format = PhotoFormat.jpeg
    var generate = 200
    var width = 4000
    var height = 3000
    var rounds = 3
    var jobs = 2
    var daybook: String?
    var stagePhotos = 50
    var baselineHash = BaselineHash.swiftCrypto
    var thumbnailSize = 400
    var prefill = 0
}
