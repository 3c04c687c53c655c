import Foundation

/// An error that ends the benchmark with exit status 1 (2 for `usage`).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    var isUsage = false

    init(_ description: String, usage: Bool = false) {
        self.description = description
        isUsage = usage
    }
}

/// How the baseline hashes the files.
enum BaselineHash: String, Sendable {
    /// In-process, `--jobs` threads, with swift-crypto's SHA-256 (the hasher Daybook uses).
    case swiftCrypto = "swift-crypto"
    /// `sha256sum` child processes, 16 files each, `--jobs` at a time.
    case sha256sum
}

/// What the photos are: JPEG (the default bench) or HEIC (HEICBench.swift).
enum PhotoFormat: String, Sendable {
    case jpeg
    case heic
}

struct BenchOptions: Sendable {
    var photos: String?
    var format = PhotoFormat.jpeg
    var generate = 200
    var width = 4000
    var height = 3000
    /// Whether --generate / --size were given: HEIC has defaults of its own (encoding a
    /// 12 MP HEIC takes seconds, and iPhones shoot 4032x3024).
    var generateGiven = false
    var sizeGiven = false
    var rounds = 3
    var jobs = 2
    var daybook: String?
    var stagePhotos = 50
    var baselineHash = BaselineHash.swiftCrypto
    var thumbnailSize = 400
    var prefill = 0

    static let usage = """
        usage: daybook-bench [--format jpeg|heic] [--photos DIR] [--generate N] [--size WxH] [--rounds R] [--jobs J]
                             [--daybook PATH] [--stage-photos K] [--baseline-hash swift-crypto|sha256sum]
                             [--prefill N]

        Ingest benchmark for Daybook. Each round times, side by side (order alternating):
          baseline  djpeg -scale 1/8 -outfile /dev/null FILE for every file, J processes at a time,
                    then SHA-256 of every file (J threads, swift-crypto; or sha256sum processes)
          daybook   daybook ingest --library FRESH_TMP_DIR --jobs J DIR  (child process; wall
                    clock, and peak RSS from wait4's ru_maxrss)
        then a single-thread, in-process per-stage breakdown on the first K photos.
        With --format heic the photos are HEICs and the sides are: libheif's own decode of every
        file + SHA-256 (the floor, in-process, J threads), vipsthumbnail -s 400 per file (J
        processes at a time), and daybook ingest (docs/benchmark-heic.md).

          --format F         jpeg (default) or heic
          --photos DIR       photos to ingest (default: generate them)
          --generate N       photos to generate when --photos is not given (default 200; 40 for
                             heic), cached in <repo>/.build-bench-photos/N-WxH/ (heic-N-WxH/)
          --size WxH         displayed size of generated photos (default 4000x3000; 4032x3024
                             for heic)
          --rounds R         rounds of baseline + daybook (default 3)
          --jobs J           parallelism of both sides (default 2)
          --daybook PATH     daybook executable (default: the one next to daybook-bench)
          --stage-photos K   photos in the per-stage breakdown (default 50, 0 to skip)
          --baseline-hash H  swift-crypto (default, in-process) or sha256sum (child processes)
          --prefill N        ingest into a copy of a library that already holds N synthetic entries
                             instead of an empty one, for daybook and the stage table's store stage
                             (default 0)

        Exit status: 0 when the benchmark ran (whether or not the aims were met), 1 on errors,
        2 on usage errors.
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "-h" || argument == "--help" {
                print(usage)
                exit(0)
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw BenchError("\(name) needs a value", usage: true) }
                return next
            }
            func integer(_ range: ClosedRange<Int>) throws -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw BenchError("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), not '\(text)'", usage: true)
                }
                return number
            }
            switch name {
            case "--photos": options.photos = try value()
            case "--format":
                let text = try value()
                guard let format = PhotoFormat(rawValue: text) else {
                    throw BenchError("--format must be jpeg or heic, not '\(text)'", usage: true)
                }
                options.format = format
            case "--generate":
                options.generate = try integer(1...1_000_000)
                options.generateGiven = true
            case "--size":
                let text = try value()
                let parts = text.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 16, h >= 16,
                    w <= 20_000, h <= 20_000
                else {
                    throw BenchError("--size must look like 4000x3000, not '\(text)'", usage: true)
                }
                (options.width, options.height) = (w, h)
                options.sizeGiven = true
            case "--rounds": options.rounds = try integer(1...100)
            case "--jobs": options.jobs = try integer(1...256)
            case "--daybook": options.daybook = try value()
            case "--stage-photos": options.stagePhotos = try integer(0...100_000)
            case "--prefill": options.prefill = try integer(0...1_000_000)
            case "--baseline-hash":
                let text = try value()
                guard let hash = BaselineHash(rawValue: text) else {
                    throw BenchError("--baseline-hash must be swift-crypto or sha256sum, not '\(text)'", usage: true)
                }
                options.baselineHash = hash
            default:
                throw BenchError("unknown argument '\(argument)'", usage: true)
            }
        }
        if options.format == .heic {
            if !options.generateGiven { options.generate = 40 }
            if !options.sizeGiven { (options.width, options.height) = (4032, 3024) }
        }
        return options
    }
}
