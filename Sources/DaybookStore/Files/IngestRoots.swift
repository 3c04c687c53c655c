import Foundation

/// The folders a run of `ingest` or `watch` reads from, as the store remembers them
/// (`JournalStore.recordIngestRoots`) for the web journal's originals (docs/file-access.md).
/// It lives with the store so that ingest, which records the roots, and the web journal, which
/// checks a photo against them, resolve paths by the one rule.
package enum IngestRoots {
    /// For each path that exists: a folder itself, a file's folder; each both as written
    /// (absolute, standardised) and with its symlinks resolved, so a photo is found under a
    /// root by the path the entry records and by the file it leads to.
    package static func folders(for paths: [String]) -> [String] {
        let cwd = FileManager.default.currentDirectoryPath
        var folders: [String] = []
        for path in paths {
            let absolute = ((path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)) as NSString)
                .standardizingPath
            var info = stat()
            guard stat(absolute, &info) == 0, let resolved = resolvedPath(absolute) else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                folders += [absolute, resolved]
            } else {
                folders += [(absolute as NSString).deletingLastPathComponent, (resolved as NSString).deletingLastPathComponent]
            }
        }
        // "/" would open every file on the machine.
        var seen: Set<String> = ["/"]
        return folders.filter { seen.insert($0).inserted }
    }

    /// What `paths` name, for `ingest-roots.json`: each that exists, absolute and
    /// standardised as written (not resolved: a rebuild reads the photos by the paths their
    /// entries had), folders apart from files.
    package static func sources(for paths: [String]) -> IngestRootsFile {
        let cwd = FileManager.default.currentDirectoryPath
        var folders: [String] = []
        var files: [String] = []
        for path in paths {
            let absolute = ((path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)) as NSString)
                .standardizingPath
            var info = stat()
            guard absolute != "/", stat(absolute, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR { folders.append(absolute) } else { files.append(absolute) }
        }
        return IngestRootsFile(folders: folders, files: files)
    }

    /// `path` with every symlink, "." and ".." resolved (realpath(3)); nil when it does not exist.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
