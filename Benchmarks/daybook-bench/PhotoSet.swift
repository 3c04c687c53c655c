import DaybookBenchSupport
import DaybookImaging
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The photos one benchmark run ingests: every non-hidden regular file under `folder` whose
/// bytes are a JPEG (or, for `--format heic`, a HEIF), as `daybook ingest` decides it.
struct PhotoSet: Sendable {
    let folder: String
    let files: [String]
    let totalBytes: Int
    let generated: Bool

    var count: Int { files.count }

    static func load(_ options: BenchOptions) throws -> PhotoSet {
        if let given = options.photos {
            let folder = URL(fileURLWithPath: given).standardizedFileURL.path
            guard fileExists(folder, directory: true) else { throw BenchError("--photos: no folder at \(given)") }
            let set = try scan(folder, generated: false, format: options.format)
            guard set.count > 0 else { throw BenchError("--photos: no \(options.format.rawValue) files under \(folder)") }
            return set
        }
        let root = try repositoryRoot()
        let cache = "\(root)/.build-bench-photos"
        let folder = "\(cache)/\(options.generate)-\(options.width)x\(options.height)"
        if fileExists(folder, directory: true) {
            let set = try scan(folder, generated: true)
            if set.count == options.generate {
                say("photos: reusing \(set.count) generated photos in \(folder)")
                return set
            }
            say("photos: \(folder) holds \(set.count) photos, not \(options.generate): generating again")
        }
        try generate(
            count: options.generate, width: options.width, height: options.height,
            into: folder, repository: root)
        let set = try scan(folder, generated: true)
        guard set.count == options.generate else {
            throw BenchError("the generator wrote \(set.count) photos into \(folder), not \(options.generate)")
        }
        return set
    }

    /// The package root: the current folder when it holds scripts/make_photos.py, else the
    /// one this file was compiled from.
    static func repositoryRoot() throws -> String {
        let script = "scripts/make_photos.py"
        let cwd = FileManager.default.currentDirectoryPath
        if fileExists("\(cwd)/\(script)") { return cwd }
        let fromSource = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        if fileExists("\(fromSource)/\(script)") { return fromSource }
        throw BenchError("cannot find \(script): run daybook-bench from the package root, or pass --photos DIR")
    }

    /// Runs scripts/make_photos.py into `folder`.partial and renames it into place only when
    /// it finished, so a cache folder that exists is complete.
    static func generate(count: Int, width: Int, height: Int, into folder: String, repository: String) throws {
        let python = "python3"
        let check = Subprocess.output(python, ["-c", "import PIL, numpy"])
        guard let check else { throw BenchError("cannot run python3; it is needed to generate photos (or pass --photos DIR)") }
        if !check.outcome.succeeded {
            say("photos: Pillow/numpy missing; running: python3 -m pip install pillow numpy")
            let install = try Subprocess.run(python, ["-m", "pip", "install", "--quiet", "pillow", "numpy"])
            guard install.succeeded else {
                throw BenchError("pip install pillow numpy failed (\(install.statusText)); install them, or pass --photos DIR")
            }
        }
        let partial = folder + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(
            atPath: (folder as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        let jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let arguments = [
            "\(repository)/scripts/make_photos.py", "folder", "--count", "\(count)",
            "--size", "\(width)x\(height)", "--jobs", "\(jobs)", partial,
        ]
        say("photos: generating \(count) photos of \(width)x\(height) (this takes a while): python3 \(arguments.joined(separator: " "))")
        let outcome = try Subprocess.run(python, arguments)
        guard outcome.succeeded else {
            try? FileManager.default.removeItem(atPath: partial)
            throw BenchError("make_photos.py failed (\(outcome.statusText))")
        }
        guard rename(partial, folder) == 0 else {
            throw BenchError("cannot rename \(partial) to \(folder): \(String(cString: strerror(errno)))")
        }
    }

    /// Depth first, names sorted, hidden entries skipped, symlinks followed (like the scanner).
    static func scan(_ folder: String, generated: Bool, format: PhotoFormat = .jpeg) throws -> PhotoSet {
        var files: [String] = []
        var total = 0
        var pending = [folder]
        var seenFolders = Set<[UInt64]>()
        while let current = pending.popLast() {
            var info = stat()
            guard stat(current, &info) == 0 else { continue }
            guard seenFolders.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
            let names = try FileManager.default.contentsOfDirectory(atPath: current)
                .filter { !$0.hasPrefix(".") }.sorted()
            var subfolders: [String] = []
            for name in names {
                let path = "\(current)/\(name)"
                guard stat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: subfolders.append(path)
                case S_IFREG where kind(of: path) == (format == .jpeg ? .jpeg : .heif):
                    files.append(path)
                    total += Int(info.st_size)
                default: break
                }
            }
            pending += subfolders.reversed()
        }
        return PhotoSet(folder: folder, files: files, totalBytes: total, generated: generated)
    }

    /// What `daybook ingest` would take the file for, from its first bytes.
    static func kind(of path: String) -> FileKind? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: FileKind.prefixLength)
        let count = read(fd, &head, head.count)
        return count > 0 ? FileKind(prefix: head.prefix(count)) : nil
    }

    /// Reads every file once so that both sides start from the same (warm) page cache.
    func warmPageCache() throws -> (bytes: Int, seconds: Double) {
        let start = monotonicSeconds()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        for file in files { total += try touchFile(file, buffer: buffer) }
        return (total, monotonicSeconds() - start)
    }
}
