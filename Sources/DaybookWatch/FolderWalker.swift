import DaybookIngest
import Foundation

/// Walks a folder tree the way `daybook ingest` does: hidden files and folders skipped,
/// symlinks followed, each folder visited once (symlink loops), excluded folders (the
/// library, the `--move-to` archive) left out.
///
/// `enterFolder` runs *before* a folder is listed: the watcher adds its inotify watch there,
/// so a file created after the listing is reported by inotify and one created before is in
/// the listing: none falls in between.
struct FolderWalker {
    typealias FolderID = FolderListing.Identity

    let excluded: Set<FolderID>

    init(excluding: [String]) {
        excluded = Set(excluding.compactMap { FolderListing.identity(of: $0) })
    }

    /// Returns false when the walk was stopped by `shouldStop`.
    @discardableResult
    func walk(
        _ root: String, shouldStop: () -> Bool = { false },
        enterFolder: (String) -> Void, file: (String) -> Void
    ) -> Bool {
        var visited: Set<FolderID> = []
        var pending = [root]
        while let folder = pending.popLast() {
            if shouldStop() { return false }
            guard let id = FolderListing.identity(of: folder), !excluded.contains(id), visited.insert(id).inserted else { continue }
            enterFolder(folder)
            guard let names = FolderListing.visibleNames(in: folder) else { continue }
            for name in names {
                let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: file(path)
                default: continue
                }
            }
        }
        return true
    }

    func isExcluded(_ folder: String) -> Bool {
        guard let id = FolderListing.identity(of: folder) else { return false }
        return excluded.contains(id)
    }
}
