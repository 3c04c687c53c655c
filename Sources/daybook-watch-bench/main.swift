import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation

// daybook-watch-bench: the time from a file's close to its entry in the journal, through a
// real `daybook watch` child process.

let usage = """
    usage: daybook-watch-bench [--files N] [--size WxH] [--gap MS] [--jobs J] [--daybook PATH] [--keep]

    Starts `daybook watch` on a fresh temporary folder and library, then writes N photos one at
    a time (open, write, close). For each it measures the time from the close to the moment its
    entry (looked up by content hash) is in the journal, and waits for it before writing the
    next. Prints each latency and the median, p90 and max.

      --files N      photos to write (default 40)
      --size WxH     photo size (default 4000x3000, a 12 MP camera photo)
      --gap MS       pause between one entry appearing and the next write (default 100)
      --jobs J       passed to daybook watch (default: number of cores)
      --daybook PATH the daybook executable (default: the one next to this benchmark)
      --keep         keep the temporary folder and library

    Exit status: 0 when it ran, 1 on errors, 2 on usage errors.
    """

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct Options {
    var files = 40
    var width = 4000
    var height = 3000
    var gapMillis = 100
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var daybook: String?
    var keep = false

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() -> String? { rest.popFirst() }
            switch argument {
            case "--files": guard let n = value().flatMap(Int.init), n > 0 else { return nil }; options.files = n
            case "--size":
                let parts = value()?.split(separator: "x").compactMap { Int($0) } ?? []
                guard parts.count == 2, parts.allSatisfy({ (16...20000).contains($0) }) else { return nil }
                options.width = parts[0]; options.height = parts[1]
            case "--gap": guard let n = value().flatMap(Int.init), n >= 0 else { return nil }; options.gapMillis = n
            case "--jobs": guard let n = value().flatMap(Int.init), n > 0 else { return nil }; options.jobs = n
            case "--daybook": guard let path = value() else { return nil }; options.daybook = path
            case "--keep": options.keep = true
            default: return nil
            }
        }
        return options
    }
}

/// A photo with busy, seeded pixels (a flat image would compress to almost nothing).
func makePhoto(width: Int, height: Int, seed: Int) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761) | 1
    pixels.withUnsafeMutableBufferPointer { buffer in
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                let i = (y * width + x) * 3
                buffer[i] = UInt8(truncatingIfNeeded: (x >> 3) &+ seed &+ Int(state & 31))
                buffer[i + 1] = UInt8(truncatingIfNeeded: (y >> 3) &+ Int(state >> 8 & 31))
                buffer[i + 2] = UInt8(truncatingIfNeeded: ((x ^ y) >> 4) &+ Int(state >> 16 & 31))
            }
        }
    }
    return try JPEGEncoder.encode(RGBImage(width: width, height: height, pixels: pixels), quality: 90)
}

func writeFile(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchFailure("cannot create \(path): \(String(cString: strerror(errno)))") }
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        if result < 0 { if errno == EINTR { continue }; close(fd); throw BenchFailure("cannot write \(path)") }
        written += result
    }
    guard close(fd) == 0 else { throw BenchFailure("cannot close \(path)") }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func median(_ sorted: [Double]) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

func run(_ options: Options) throws {
    let daybook =
        options.daybook
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("daybook").path
    guard FileManager.default.isExecutableFile(atPath: daybook) else {
        throw BenchFailure("no daybook executable at \(daybook) (use --daybook)")
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-watch-bench-\(UUID().uuidString)")
    let inbox = work.appendingPathComponent("inbox"), library = work.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    defer { if !options.keep { try? FileManager.default.removeItem(at: work) } }

    print("generating \(options.files) photos of \(options.width)x\(options.height)…")
    var photos: [(bytes: [UInt8], hash: String)] = []
    for index in 0..<options.files {
        let bytes = try makePhoto(width: options.width, height: options.height, seed: index)
        photos.append((bytes, ContentHash.sha256Hex(bytes)))
    }
    let averageKB = photos.map(\.bytes.count).reduce(0, +) / max(1, photos.count) / 1024

    let process = Process()
    process.executableURL = URL(fileURLWithPath: daybook)
    process.arguments = ["watch", inbox.path, "--library", library.path, "--jobs", "\(options.jobs)", "--log-level", "notice"]
    let pipe = Pipe()
    process.standardError = pipe
    let output = OutputBuffer()
    try process.run()
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
        }
    }
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let startDeadline = Date().addingTimeInterval(30)
    while !output.text.contains("notice: watching") {
        guard Date() < startDeadline, process.isRunning else { throw BenchFailure("daybook watch did not start:\n\(output.text)") }
        usleep(5_000)
    }
    let store = try JournalStore(library: Library(root: library))

    print("writing them one at a time into \(inbox.path) (daybook watch --jobs \(options.jobs))")
    var latencies: [Double] = []
    for (index, photo) in photos.enumerated() {
        try writeFile(photo.bytes, to: inbox.appendingPathComponent(String(format: "IMG_%04d.jpg", index)).path)
        let closed = DispatchTime.now()
        let deadline = Date().addingTimeInterval(30)
        while try store.entry(contentHash: photo.hash) == nil {
            guard Date() < deadline else { throw BenchFailure("photo \(index) not in the journal after 30 s:\n\(output.text)") }
            usleep(1_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - closed.uptimeNanoseconds) / 1e9
        latencies.append(seconds)
        print(String(format: "  %3d  %7.1f ms", index + 1, seconds * 1000))
        if options.gapMillis > 0 { usleep(useconds_t(options.gapMillis * 1000)) }
    }

    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let sorted = latencies.sorted()
    print("")
    print("daybook watch, close → entry stored (\(options.files) photos of \(options.width)x\(options.height), ~\(averageKB) KB each):")
    print(
        String(
            format: "  median %.1f ms   p90 %.1f ms   max %.1f ms   min %.1f ms",
            median(sorted) * 1000, percentile(sorted, 0.9) * 1000, (sorted.last ?? .nan) * 1000, (sorted.first ?? .nan) * 1000))
    print("  aim: median under 1 s: \(median(sorted) < 1 ? "met" : "NOT met")")
    print("  daybook watch exited with status \(process.terminationStatus) after SIGTERM")
    if options.keep { print("  kept \(work.path)") }
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
do {
    try run(options)
} catch {
    FileHandle.standardError.write(Data("daybook-watch-bench: error: \(error)\n".utf8))
    exit(1)
}
