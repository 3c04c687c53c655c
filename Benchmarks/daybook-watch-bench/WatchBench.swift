import ArgumentParser
import DaybookBenchSupport
import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation
import Synchronization

// daybook-watch-bench: the time from a file's close to its entry in the journal, through a
// real `daybook watch` child process.

/// The command line; every option name and default is the one the commands in
/// docs/benchmarks/watch.md use.
@main
struct WatchBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook-watch-bench",
        abstract: "Watch latency: the time from a photo's close to its entry in the journal, through `daybook watch`.",
        discussion: """
            Starts `daybook watch` on a fresh temporary folder and library, then writes N photos one at \
            a time (open, write, close). For each it measures the time from the close to the moment its \
            entry (looked up by content hash) is in the journal, and waits for it before writing the \
            next. Prints each latency and the median, p90 and max. The aim is a median under 1 s.

            Examples (build both in release for meaningful figures):
              swift build -c release --product daybook
              swift build -c release --product daybook-watch-bench
              .build/release/daybook-watch-bench --files 40 --gap 1000
              .build/release/daybook-watch-bench --files 5 --size 640x480 --jobs 1 --keep

            Exit status: 0 when it ran, 1 on errors, 2 on usage errors.
            """
    )

    @Option(help: ArgumentHelp("Photos to write.", valueName: "n"))
    var files = 40

    @Option(help: ArgumentHelp("Photo size (a 12 MP camera photo by default).", valueName: "WxH"))
    var size = PixelSize(width: 4000, height: 3000)

    @Option(help: ArgumentHelp("Pause in milliseconds between one entry appearing and the next write.", valueName: "ms"))
    var gap = 100

    @Option(help: ArgumentHelp("Passed to daybook watch (default: number of cores).", valueName: "j"))
    var jobs: Int?

    @Option(help: ArgumentHelp("The daybook executable (default: the one next to this benchmark).", valueName: "path"))
    var daybook: String?

    @Flag(help: "Keep the temporary folder and library.")
    var keep = false

    func validate() throws {
        guard files > 0 else { throw ValidationError("--files must be at least 1") }
        guard gap >= 0 else { throw ValidationError("--gap must be 0 or more") }
        guard (jobs ?? 1) > 0 else { throw ValidationError("--jobs must be at least 1") }
    }

    static func main() { runAsTool() }

    func run() throws {
        try WatchLatency.run(
            Options(
                files: files, width: size.width, height: size.height, gapMillis: gap,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, daybook: daybook, keep: keep))
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct Options {
    var files: Int
    var width: Int
    var height: Int
    var gapMillis: Int
    var jobs: Int
    var daybook: String?
    var keep: Bool
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

final class OutputBuffer: Sendable {
    private let data = Mutex(Data())
    func append(_ chunk: Data) { data.withLock { $0.append(chunk) } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

enum WatchLatency {
    static func run(_ options: Options) throws {
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
                median(latencies) * 1000, percentile(latencies, 0.9) * 1000, (sorted.last ?? .nan) * 1000, (sorted.first ?? .nan) * 1000))
        print("  aim: median under 1 s: \(median(latencies) < 1 ? "met" : "NOT met")")
        print("  daybook watch exited with status \(process.terminationStatus) after SIGTERM")
        if options.keep { print("  kept \(work.path)") }
    }
}
