import CHeif
import DaybookBenchSupport
import DaybookIngest
import DaybookSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One side of a HEIC round that is not Daybook: wall clock and CPU time, and for the floor
/// its two parts.
struct SideRun: Sendable {
    var seconds: Double
    var cpuSeconds: Double
    var decodeCPUSeconds = 0.0
    var hashCPUSeconds = 0.0
}

enum HEICRounds {
    /// The floor: what any HEIC ingest must do. Read + SHA-256 of every file (swift-crypto, as
    /// Daybook hashes), then libheif's decode of every primary image to 8-bit RGB with its
    /// transforms, `jobs` threads, with one decoding thread per image as Daybook sets it.
    /// libheif is called directly, not through Daybook, in a child process (this executable
    /// with `floorFlag`): decoding here would raise the bench's own peak RSS, which Linux then
    /// reports as the next spawned child's ru_maxrss (posix_spawn shares the parent's memory
    /// until exec, and exec keeps its high-water mark).
    static func floor(_ photos: PhotoSet, jobs: Int) throws -> SideRun {
        guard let bench = ownExecutablePath() else { throw BenchError("cannot find my own executable") }
        let scratch = try TemporaryFolders.make("daybook-bench-floor")
        defer { TemporaryFolders.remove(scratch) }
        let output = "\(scratch)/cpu.txt"
        let outcome = try Subprocess.run(bench, [floorFlag, "\(jobs)"] + photos.files, stdoutPath: output)
        let parts = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap {
            Double($0)
        }
        guard outcome.succeeded, parts.count == 2 else { throw BenchError("the floor child failed (\(outcome.statusText))") }
        return SideRun(
            seconds: outcome.seconds, cpuSeconds: outcome.usage.cpuSeconds, decodeCPUSeconds: parts[1], hashCPUSeconds: parts[0])
    }

    static let floorFlag = "--floor-child"

    /// The child: `--floor-child JOBS FILE...`; prints the hashing and decoding CPU seconds.
    static func floorChild(_ arguments: [String]) throws {
        guard let jobs = arguments.first.flatMap({ Int($0) }) else { throw BenchError("\(floorFlag) JOBS FILE...") }
        let files = Array(arguments.dropFirst())
        let before = rusage.current(RUSAGE_SELF).cpuSeconds
        let sink = Mutex(0)
        try parallelForEach(files.count, workers: jobs) { index in
            let digest = ContentHash.sha256Hex(try readWholeFile(files[index]))
            sink.withLock { $0 &+= digest.utf8.count }
        }
        let hashed = rusage.current(RUSAGE_SELF).cpuSeconds
        try parallelForEach(files.count, workers: jobs) { index in
            try decode(try readWholeFile(files[index]), name: files[index])
        }
        print("\(hashed - before) \(rusage.current(RUSAGE_SELF).cpuSeconds - hashed)")
    }

    /// Only libheif: parse, decode the primary image to interleaved RGB, release.
    static func decode(_ bytes: [UInt8], name: String) throws {
        guard let context = heif_context_alloc() else { throw BenchError("libheif: out of memory") }
        defer { heif_context_free(context) }
        heif_context_set_max_decoding_threads(context, 0)
        try bytes.withUnsafeBytes { raw in
            var handle: OpaquePointer?
            var image: OpaquePointer?
            var error = heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil)
            if error.code == heif_error_Ok { error = heif_context_get_primary_image_handle(context, &handle) }
            defer { heif_image_handle_release(handle) }
            if error.code == heif_error_Ok {
                error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
            }
            defer { heif_image_release(image) }
            guard error.code == heif_error_Ok else {
                throw BenchError("libheif cannot decode \(name): \(error.message.map { String(cString: $0) } ?? "?")")
            }
        }
    }

    /// `vipsthumbnail FILE -s SIZE -o OUT/%s.jpg[Q=82]` per file, `jobs` processes at a time,
    /// with VIPS_CONCURRENCY=1 (one thread each, as Daybook decodes one photo per job). It
    /// reads the file's thumbnail item itself when that is big enough.
    static func vips(_ photos: PhotoSet, jobs: Int, size: Int) throws -> SideRun {
        let scratch = try TemporaryFolders.make("daybook-bench-vips")
        defer { TemporaryFolders.remove(scratch) }
        let cpu = Mutex(0.0)
        let start = monotonicSeconds()
        let files = photos.files
        try parallelForEach(files.count, workers: jobs) { index in
            let out = "\(scratch)/\(index)-%s.jpg[Q=82]"
            let outcome = try Subprocess.run(
                "vipsthumbnail", [files[index], "-s", "\(size)", "-o", out], stdoutPath: "/dev/null",
                stderrPath: "/dev/null", environment: ["VIPS_CONCURRENCY": "1"])
            guard outcome.succeeded else { throw BenchError("vipsthumbnail failed on \(files[index]) (\(outcome.statusText))") }
            cpu.withLock { $0 += outcome.usage.cpuSeconds }
        }
        return SideRun(seconds: monotonicSeconds() - start, cpuSeconds: cpu.withLock { $0 })
    }
}
