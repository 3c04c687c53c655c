import Foundation

extension IngestRootsFile {
    /// What a rebuild reads again, and what it cannot.
    package struct Reading: Sendable, Equatable {
        /// Folders and files to ingest, each photo under exactly one of them where it can.
        package var paths: [String]
        /// Roots that are gone (a folder deleted, a drive not mounted): their photos are not read.
        package var missing: [String]
    }

    /// The paths to ingest again: every root that still exists, less those another root
    /// already covers. The store records a folder both as given and with its links resolved;
    /// entries name their photos by the path as given, so the resolved twin is left out (read
    /// second, it would move every entry's path to it). A folder inside another is read with
    /// it, unless a hidden folder lies between (ingest does not walk into those).
    package func reading(resolve: (String) -> String? = IngestRoots.resolvedPath) -> Reading {
        var missing: [String] = []
        var existing: [(path: String, resolved: String)] = []
        for path in folders {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let resolved = resolve(path) {
                existing.append((path, resolved))
            } else {
                missing.append(path)
            }
        }
        let twins = Set(existing.filter { $0.path != $0.resolved }.map(\.resolved))
        var seen: Set<String> = []
        let distinct = existing.filter { !twins.contains($0.path) && seen.insert($0.resolved).inserted }.map(\.path)
        let kept = distinct.filter { folder in !distinct.contains { Self.covers($0, folder) } }
        var paths = kept
        for file in files {
            guard access(file, F_OK) == 0 else {
                missing.append(file)
                continue
            }
            if !kept.contains(where: { Self.covers($0, file) }) { paths.append(file) }
        }
        return Reading(paths: paths, missing: missing.sorted())
    }

    /// Whether ingesting the folder `outer` reads `inner` too: `inner` lies below it, with no
    /// hidden folder on the way.
    static func covers(_ outer: String, _ inner: String) -> Bool {
        let prefix = outer.hasSuffix("/") ? outer : outer + "/"
        guard inner != outer, inner.hasPrefix(prefix) else { return false }
        let between = inner.dropFirst(prefix.count).split(separator: "/").dropLast()
        return !between.contains { $0.hasPrefix(".") } && !(inner.split(separator: "/").last?.hasPrefix(".") ?? false)
    }
}
