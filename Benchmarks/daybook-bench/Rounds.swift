import DaybookBenchSupport
import DaybookIngest
import DaybookSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One baseline run: `djpeg -scale 1/8` on every file, then SHA-256 of every file, each
/// phase with `jobs` workers. Wall clock is the two phases back to back.
struct BaselineRun: Sendable {
    var djpegSeconds: Double
    var hashSeconds: Double
    /// CPU time of the djpeg children (wait4), including their exec and start-up.
    var djpegCPUSeconds: Double
    /// CPU time of the hashing (the bench process, or the sha256sum children).
    var hashCPUSeconds: Double

    var seconds: Double { djpegSeconds + hashSeconds }
    var cpuSeconds: Double { djpegCPUSeconds + hashCPUSeconds }
}

/// One `daybook ingest` child process.
struct DaybookRun: Sendable {
    var seconds: Double
    var peakRSSKiB: Int
    var cpuSeconds: Double
    var summary: String
}

enum Rounds {
    static let djpegScale = "1/8"
    /// The photo pipeline only: `daybook ingest` would otherwise fetch weather for the new
    /// entries from the network once they are stored (network-bound, and not part of the
    /// pipeline being compared). The variable is the lowest-precedence way to say so, and an
    /// older daybook without weather ignores it.
    static let daybookEnvironment = ["DAYBOOK_WEATHER": "none"]

    static func baseline(_ photos: PhotoSet, jobs: Int, hash: BaselineHash) throws -> BaselineRun {
        let files = photos.files

        // Phase 1: djpeg, one process per file (djpeg takes one input), `jobs` at a time.
        let djpegCPU = Mutex(0.0)
        let djpegStart = monotonicSeconds()
        try parallelForEach(files.count, workers: jobs) { index in
            let outcome = try Subprocess.run("djpeg", ["-scale", djpegScale, "-outfile", "/dev/null", files[index]])
            guard outcome.succeeded else { throw BenchError("djpeg failed on \(files[index]) (\(outcome.statusText))") }
            djpegCPU.withLock { $0 += outcome.usage.cpuSeconds }
        }
        let djpegSeconds = monotonicSeconds() - djpegStart

        // Phase 2: SHA-256 of every file.
        let hashStart = monotonicSeconds()
        var hashCPU = 0.0
        switch hash {
        case .swiftCrypto:
            // Read + hash in-process, exactly as the ingester does (ContentHash is swift-crypto).
            let before = rusage.current(RUSAGE_SELF).cpuSeconds
            let sink = Mutex(0)
            try parallelForEach(files.count, workers: jobs) { index in
                let digest = ContentHash.sha256Hex(try readWholeFile(files[index]))
                sink.withLock { $0 &+= digest.utf8.count }
            }
            hashCPU = rusage.current(RUSAGE_SELF).cpuSeconds - before
        case .sha256sum:
            let batch = 16
            let batches = (files.count + batch - 1) / batch
            let cpu = Mutex(0.0)
            try parallelForEach(batches, workers: jobs) { index in
                let slice = Array(files[(index * batch)..<min(files.count, (index + 1) * batch)])
                let outcome = try Subprocess.run("sha256sum", slice, stdoutPath: "/dev/null")
                guard outcome.succeeded else { throw BenchError("sha256sum failed (\(outcome.statusText))") }
                cpu.withLock { $0 += outcome.usage.cpuSeconds }
            }
            hashCPU = cpu.withLock { $0 }
        }
        let hashSeconds = monotonicSeconds() - hashStart
        return BaselineRun(
            djpegSeconds: djpegSeconds, hashSeconds: hashSeconds,
            djpegCPUSeconds: djpegCPU.withLock { $0 }, hashCPUSeconds: hashCPU)
    }

    /// `daybook ingest --library FRESH --jobs J DIR` as a child; its peak RSS comes from
    /// wait4's rusage, so it is the product's memory, not the bench's.
    static func daybook(_ binary: String, photos: PhotoSet, jobs: Int, template: String?) throws -> DaybookRun {
        let scratch = try TemporaryFolders.make("daybook-bench-library")
        defer { TemporaryFolders.remove(scratch) }
        let library = "\(scratch)/library"
        if let template { try Prefill.copy(template, to: library) }  // untimed
        let stdoutPath = "\(scratch)/stdout.txt"
        let stderrPath = "\(scratch)/stderr.txt"
        let outcome = try Subprocess.run(
            binary, ["ingest", "--library", library, "--jobs", "\(jobs)", photos.folder],
            stdoutPath: stdoutPath, stderrPath: stderrPath,
            environment: daybookEnvironment)
        let output = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        func failure(_ why: String) -> BenchError {
            let excerpt = (output + errors).split(separator: "\n").prefix(20).joined(separator: "\n    ")
            return BenchError("daybook ingest \(why)\n    \(excerpt)")
        }
        guard outcome.succeeded else { throw failure("failed (\(outcome.statusText))") }
        // "200 new, 0 already in the journal, 0 failed"
        guard let line = output.split(separator: "\n").first(where: { $0.contains(" new, ") }) else {
            throw failure("printed no summary line")
        }
        let counts = line.split(separator: ",").map { part in
            Int(part.trimmingCharacters(in: .whitespaces).prefix(while: \.isNumber)) ?? -1
        }
        guard counts.count >= 3 else { throw failure("printed an unexpected summary: \(line)") }
        let (created, known, failed) = (counts[0], counts[1], counts[2])
        guard failed == 0, created + known == photos.count else {
            throw failure("handled \(created) new + \(known) known + \(failed) failed of \(photos.count) photos")
        }
        if photos.generated && created != photos.count {
            throw failure("reported \(created) new, not \(photos.count)")
        }
        let thumbnails =
            (try? FileManager.default.contentsOfDirectory(atPath: "\(library)/thumbnails"))?
            .filter { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }.count ?? 0
        guard thumbnails == created else { throw failure("wrote \(thumbnails) thumbnails for \(created) new entries") }
        return DaybookRun(
            seconds: outcome.seconds, peakRSSKiB: outcome.peakRSSKiB,
            cpuSeconds: outcome.usage.cpuSeconds, summary: String(line))
    }
}
