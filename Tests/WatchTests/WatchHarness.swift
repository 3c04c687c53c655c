import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

/// Runs the real `daybook watch` executable as a child process and reads its log.
// @unchecked: Foundation's `Process` is not marked Sendable; it is only started, polled and signalled.
final class WatchProcess: @unchecked Sendable {
    let process = Process()
    private let output = Mutex(Data())
    private let readerDone = DispatchSemaphore(value: 0)

    static var executable: URL { BuildProducts.daybook }

    /// Starts `daybook watch FOLDER... --library LIBRARY ARGUMENTS...` and waits until it is
    /// watching (its "watching" line), so files written afterwards are seen by inotify.
    /// `watchLimit` runs it in a user namespace of its own whose inotify watch limit is that
    /// (see `namespaceLimitWorks`).
    init(
        _ folders: [URL], library: URL, _ arguments: [String] = [], watchLimit: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let watch = ["watch"] + folders.map(\.path) + ["--library", library.path] + arguments
        (process.executableURL, process.arguments) = Self.command(watch, watchLimit: watchLimit)
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_LIBRARY"] = nil
        // No network in tests: weather is off unless a test passes --weather.
        environment["DAYBOOK_WEATHER"] = "none"
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.withLock { $0.append(chunk) }
            }
            readerDone.signal()
        }
        guard waitForLog("notice: watching", timeout: 30) else {
            XCTFail("daybook watch did not start:\n\(log)", file: file, line: line)
            throw WatchTestError.didNotStart
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// `daybook ARGUMENTS`, or with `watchLimit`: `unshare --user --map-root-user` (no fork,
    /// so the pid stays daybook's) setting the namespace's own max_inotify_watches first.
    static func command(_ arguments: [String], watchLimit: Int?) -> (URL, [String]) {
        guard let watchLimit else { return (executable, arguments) }
        let script = "echo \(watchLimit) > /proc/sys/user/max_inotify_watches && exec \"$0\" \"$@\""
        return (
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["--user", "--map-root-user", "/bin/sh", "-c", script, executable.path] + arguments
        )
    }

    /// Whether this machine lets an unprivileged process make a user namespace and lower its
    /// inotify watch limit there (Linux 4.9+, unless user namespaces are disabled).
    static let namespaceLimitWorks: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--user", "--map-root-user", "/bin/sh", "-c", "echo 50 > /proc/sys/user/max_inotify_watches"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs `daybook ARGUMENTS` to its end; returns the exit status and the output.
    static func run(_ arguments: [String], watchLimit: Int? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        (process.executableURL, process.arguments) = command(arguments, watchLimit: watchLimit)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    var log: String { output.withLock { String(decoding: $0, as: UTF8.self) } }

    func lines(containing text: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains(text) }
    }

    func waitForLog(_ text: String, timeout: Double) -> Bool {
        poll(timeout: timeout) { self.log.contains(text) }
    }

    /// Sends `signal` and waits for the exit; returns the exit status (nil on timeout).
    func stop(_ signal: Int32 = SIGTERM, timeout: Double = 20) -> Int32? {
        kill(process.processIdentifier, signal)
        guard poll(timeout: timeout, { !self.process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        process.waitUntilExit()
        _ = readerDone.wait(timeout: .now() + 5)
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}

enum WatchTestError: Error { case didNotStart }

/// A folder to watch and a library, made for each test and removed after it.
class WatchedFolderTestCase: XCTestCase {
    var folder: URL!
    var library: URL!

    override func setUpWithError() throws {
        folder = try Folders.temporary("in")
        library = try Folders.temporary("library")
    }

    override func tearDownWithError() throws {
        for url in [folder, library].compactMap({ $0 }) { try? FileManager.default.removeItem(at: url) }
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
@discardableResult
func poll(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

enum Folders {
    static let samples = Repository.sampleSquares

    static func temporary(_ label: String) throws -> URL {
        try TemporaryFolder.make("daybook-watch-\(label)")
    }

    /// Regular files below `folder`, relative paths, sorted.
    static func files(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                result.append(relative)
            }
        }
        return result.sorted()
    }
}

/// Photos made in the test: each index gives different pixels, hence a different hash.
enum TestPhotos {
    /// A 64×48 JPEG: a flat colour from the index (10 levels per channel: 1,000 colours)
    /// with a diagonal stripe whose position also depends on it.
    static func small(_ index: Int) throws -> [UInt8] {
        let width = 64, height = 48
        let r = UInt8(index % 10 * 25), g = UInt8(index / 10 % 10 * 25), b = UInt8(index / 100 % 10 * 25)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                let stripe = (x + y + index / 1000 * 7) % 16 < 4
                pixels[i] = stripe ? 255 &- r : r
                pixels[i + 1] = stripe ? 255 &- g : g
                pixels[i + 2] = stripe ? 255 &- b : b
            }
        }
        return try JPEGEncoder.encode(RGBImage(width: width, height: height, pixels: pixels), quality: 90)
    }

    /// A larger photo with busy pixels (so the file is big enough to be written in chunks).
    static func large(width: Int, height: Int, seed: UInt32) throws -> [UInt8] {
        var state = seed | 1
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5
                    let i = (y * width + x) * 3
                    buffer[i] = UInt8(truncatingIfNeeded: x &+ Int(state & 63))
                    buffer[i + 1] = UInt8(truncatingIfNeeded: y &+ Int(state >> 8 & 63))
                    buffer[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) &+ Int(state >> 16 & 63))
                }
            }
        }
        return try JPEGEncoder.encode(RGBImage(width: width, height: height, pixels: pixels), quality: 90)
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }
}

/// The journal a watcher writes, read from the test.
struct Journal {
    let library: URL
    let store: JournalStore

    init(_ library: URL) throws {
        self.library = library
        store = try JournalStore(library: Library(root: library))
    }

    func count() -> Int { (try? store.count()) ?? -1 }

    /// Waits until the journal holds `expected` entries; then checks that it stays there for
    /// `settle` seconds (nothing late, nothing twice).
    func waitForCount(
        _ expected: Int, timeout: Double, settle: Double = 0, watcher: WatchProcess? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let reached = poll(timeout: timeout) { count() >= expected }
        XCTAssertTrue(
            reached, "journal has \(count()) entries, expected \(expected)\n\(watcher?.log.suffix(3000) ?? "")",
            file: file, line: line)
        if settle > 0 { usleep(useconds_t(settle * 1_000_000)) }
        XCTAssertEqual(count(), expected, "entries in the journal", file: file, line: line)
    }

    func entries() throws -> [JournalEntry] { try store.entries() }

    /// Every entry's thumbnail file exists, and no temporary thumbnail is left.
    func assertThumbnailsComplete(file: StaticString = #filePath, line: UInt = #line) throws {
        let thumbnails = library.appendingPathComponent("thumbnails")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: thumbnails.path))
        XCTAssertFalse(names.contains { $0.hasPrefix(".tmp-") }, "temporary thumbnails left", file: file, line: line)
        for entry in try entries() {
            guard let thumbnail = entry.thumbnail else { XCTFail("no thumbnail for \(entry.sourcePath)", file: file, line: line); continue }
            XCTAssertTrue(names.contains(thumbnail), "missing thumbnail of \(entry.sourcePath)", file: file, line: line)
        }
    }
}
