import Foundation

/// Runs saved inputs (files, or folders of them, recursively) through a target, one line per
/// file, and fails when any takes longer than the time limit. This is the regression runner
/// CI uses on Tests/Fixtures/fuzz; a crash fails it by killing the process.
struct Replay {
    var target: FuzzTarget
    var timeLimit: Double

    /// Number of files over the time limit.
    func run(paths: [String]) throws(UsageError) -> Int {
        var files: [String] = []
        for path in paths { files += try Self.inputs(at: path) }
        guard !files.isEmpty else { throw UsageError("no input files in \(paths.joined(separator: " "))") }
        var slow = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError("cannot read \(file)")
            }
            let start = DispatchTime.now()
            let outcome = target.run([UInt8](data))
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            print(String(format: "%@: %@ (%.0f ms)", file, outcome, seconds * 1000))
            if seconds > timeLimit {
                print(String(format: "SLOW %@: %.2f s, limit %.1f s", file, seconds, timeLimit))
                slow += 1
            }
        }
        print("\(files.count) input(s) replayed through \(target.rawValue), \(slow) over \(timeLimit) s")
        return slow
    }

    /// The file itself, or every regular file under a folder (sorted, notes like README.md left out).
    static func inputs(at path: String) throws(UsageError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw UsageError("no such file or folder: \(path)")
        }
        guard isFolder.boolValue else { return [path] }
        let folder = URL(fileURLWithPath: path)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw UsageError("cannot read folder \(path)")
        }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { $0.pathExtension != "md" && !$0.lastPathComponent.hasPrefix(".") }
            .map(\.path).sorted()
    }
}
