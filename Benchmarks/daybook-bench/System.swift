import DaybookBenchSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// MARK: Output

/// print, flushed at once (stdout is block-buffered when piped to tee or a file).
func say(_ line: String = "") {
    print(line)
    fflush(nil)
}

func writeError(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

// MARK: Clock

extension timeval {
    var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}

extension rusage {
    /// User + system CPU time.
    var cpuSeconds: Double { ru_utime.seconds + ru_stime.seconds }

    static func current(_ who: __rusage_who) -> rusage {
        var usage = rusage()
        getrusage(__rusage_who_t(who.rawValue), &usage)
        return usage
    }
}

// MARK: Child processes

/// A reaped child: how it ended and what wait4() said it used.
struct ChildOutcome: Sendable {
    var exitCode: Int32
    /// The signal that killed it, 0 when it exited.
    var signal: Int32
    var usage: rusage
    /// Wall clock from just before spawning to just after reaping.
    var seconds: Double

    var succeeded: Bool { signal == 0 && exitCode == 0 }
    /// ru_maxrss: on Linux, the child's peak resident set in KiB.
    var peakRSSKiB: Int { Int(usage.ru_maxrss) }
    var statusText: String { signal != 0 ? "killed by signal \(signal)" : "exit status \(exitCode)" }
}

// @unchecked: a C struct of numbers, but Glibc declares some fields in anonymous unions,
// which keeps Swift from inferring Sendable.
extension rusage: @retroactive @unchecked Sendable {}

enum Subprocess {
    /// Starts `executable` (searched in PATH when it has no slash). Standard input is
    /// /dev/null; standard output and error go to the given files, or are inherited.
    /// `environment` entries are added to (or replace) the bench's own environment.
    static func spawn(
        _ executable: String, _ arguments: [String], stdoutPath: String? = nil,
        stderrPath: String? = nil, stderrToStdout: Bool = false,
        environment: [String: String] = [:]
    ) throws -> pid_t {
        fflush(nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if let stdoutPath {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        if stderrToStdout {
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        } else if let stderrPath {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Reaps `pid` with wait4(), which also returns that child's own resource usage.
    static func wait(_ pid: pid_t, startedAt start: Double) throws -> ChildOutcome {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno == EINTR { continue }
            throw BenchError("wait4(\(pid)): \(String(cString: strerror(errno)))")
        }
        let seconds = monotonicSeconds() - start
        let signal = status & 0x7f
        let exitCode = signal == 0 ? (status >> 8) & 0xff : -1
        return ChildOutcome(exitCode: exitCode, signal: signal, usage: usage, seconds: seconds)
    }

    static func run(
        _ executable: String, _ arguments: [String], stdoutPath: String? = nil,
        stderrPath: String? = nil, stderrToStdout: Bool = false,
        environment: [String: String] = [:]
    ) throws -> ChildOutcome {
        let start = monotonicSeconds()
        let pid = try spawn(
            executable, arguments, stdoutPath: stdoutPath, stderrPath: stderrPath,
            stderrToStdout: stderrToStdout, environment: environment)
        return try wait(pid, startedAt: start)
    }

    /// Runs a short command and returns its combined output, nil when it cannot be run.
    static func output(_ executable: String, _ arguments: [String]) -> (text: String, outcome: ChildOutcome)? {
        guard let folder = try? TemporaryFolders.make("daybook-bench-cmd") else { return nil }
        defer { TemporaryFolders.remove(folder) }
        let file = folder + "/output.txt"
        guard let outcome = try? run(executable, arguments, stdoutPath: file, stderrToStdout: true) else { return nil }
        return ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "", outcome)
    }
}

// MARK: Temporary folders

/// Temporary folders made by the bench, removed when done or on an error exit.
enum TemporaryFolders {
    private static let live = Mutex<Set<String>>([])

    static func make(_ prefix: String) throws -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw BenchError("cannot create a temporary folder in \(base): \(String(cString: strerror(errno)))") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        live.withLock { _ = $0.insert(path) }
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        live.withLock { _ = $0.remove(path) }
    }

    static func removeAll() {
        for path in live.withLock({ $0 }) { remove(path) }
    }
}

// MARK: Files

/// Reads a whole file with open/fstat/read, as the ingester does.
func readWholeFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw BenchError("\(path): cannot stat") }
    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
        let result = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, size - filled) }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { break }
        filled += result
    }
    if filled < size { bytes.removeSubrange(filled...) }
    return bytes
}

/// Reads a file into a scratch buffer and throws the bytes away (page-cache warming).
func touchFile(_ path: String, buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var total = 0
    while true {
        let result = read(fd, buffer.baseAddress!, buffer.count)
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { break }
        total += result
    }
    return total
}

func fileExists(_ path: String, directory: Bool? = nil) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
    return directory.map { $0 == isDirectory.boolValue } ?? true
}

/// The bench's own executable, from /proc/self/exe.
func ownExecutablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

// MARK: Parallelism

/// Runs `body(index)` for every index in 0..<count on `workers` threads, each pulling the
/// next index when it is free (like the ingester's workers). Stops at the first error.
func parallelForEach(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
    let next = Mutex(0)
    let failure = Mutex<String?>(nil)
    let done = DispatchGroup()
    for _ in 0..<max(1, min(workers, count)) {
        done.enter()
        Thread.detachNewThread {
            defer { done.leave() }
            while true {
                let index: Int? = next.withLock { next in
                    guard next < count, failure.withLock({ $0 == nil }) else { return nil }
                    defer { next += 1 }
                    return next
                }
                guard let index else { return }
                do {
                    try body(index)
                } catch {
                    failure.withLock { if $0 == nil { $0 = "\(error)" } }
                }
            }
        }
    }
    done.wait()
    if let message = failure.withLock({ $0 }) { throw BenchError(message) }
}

// MARK: Units

/// 1 MB = 10^6 bytes; ru_maxrss is KiB.
func megabytes(kib: Int) -> Double { Double(kib) * 1024 / 1e6 }
func megabytes(bytes: Int) -> Double { Double(bytes) / 1e6 }
