import DaybookBenchSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `--format heic` without `--photos`: iPhone-like HEICs made with Debian's `heif-enc` from the
/// bench's generated JPEGs (same content, EXIF date and GPS copied by heif-enc), cached in
/// `.build-bench-photos/heic-N-WxH/`.
enum HEICPhotos {
    /// 8-bit 4:2:0 HEVC at about 1.5 MB per 12 MP photo, with a 320-pixel thumbnail item, as
    /// iPhones write. x265's `fast` preset: encoding takes seconds a photo instead of tens, and
    /// the files decode at the cost per megapixel of real iPhone HEICs (measured against
    /// Tests/Fixtures/heic-pillow/pug.heic). heif-enc 1.15 writes no `irot`: it copies the
    /// JPEG's EXIF Orientation, which a HEIF viewer does not apply.
    static let encoderArguments = ["-q", "70", "-p", "chroma=420", "-p", "preset=fast", "-t", "320"]

    static func load(_ options: BenchOptions) throws -> PhotoSet {
        var jpegOptions = options
        jpegOptions.format = .jpeg
        let sources = try PhotoSet.load(jpegOptions)
        let root = try PhotoSet.repositoryRoot()
        let folder = "\(root)/.build-bench-photos/heic-\(options.generate)-\(options.width)x\(options.height)"
        if fileExists(folder, directory: true) {
            let set = try PhotoSet.scan(folder, generated: true, format: .heic)
            if set.count == sources.count {
                say("photos: reusing \(set.count) generated HEICs in \(folder)")
                return set
            }
        }
        guard Subprocess.output("heif-enc", ["--version"]) != nil else {
            throw BenchError("heif-enc not found: apt-get install libheif-examples")
        }
        let partial = folder + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        try? FileManager.default.removeItem(atPath: folder)
        let jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
        say(
            "photos: encoding \(sources.count) HEICs with heif-enc \(encoderArguments.joined(separator: " ")), "
                + "\(jobs) at a time (several seconds each)")
        let start = monotonicSeconds()
        try parallelForEach(sources.count, workers: jobs) { index in
            let source = sources.files[index]
            let relative = String(source.dropFirst(sources.folder.count + 1))
            let target = "\(partial)/\((relative as NSString).deletingPathExtension).heic"
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let outcome = try Subprocess.run(
                "heif-enc", encoderArguments + ["-o", target, source], stdoutPath: "/dev/null", stderrPath: "/dev/null")
            guard outcome.succeeded else { throw BenchError("heif-enc failed on \(source) (\(outcome.statusText))") }
        }
        guard rename(partial, folder) == 0 else {
            throw BenchError("cannot rename \(partial) to \(folder): \(String(cString: strerror(errno)))")
        }
        say("photos: encoded in \(fixed(monotonicSeconds() - start, 0)) s")
        return try PhotoSet.scan(folder, generated: true, format: .heic)
    }
}
