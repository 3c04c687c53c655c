import DaybookCore
import DaybookStore
import Foundation

/// A rebuild's first steps, before any new index exists: the library to itself, where its
/// photos were read from, and the old database out of the way.
struct RebuildStart {
    /// Held exclusively on return: the caller shares it once the old database is aside.
    let lock: LibraryUseLock
    let roots: IngestRootsFile
    let setAside: SetAsideDatabase?

    static func prepare(_ library: Library) throws -> RebuildStart {
        var info = stat()
        guard stat(library.root.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw CommandError(description: "there is no library at \(library.root.path) to rebuild")
        }
        let journalFolder = library.root.appendingPathComponent(JournalFilePath.folderName).path
        let rootsFile: IngestRootsFile?
        do {
            rootsFile = try IngestRootsFile.read(in: library)
        } catch {
            let reason = String(describing: error)
            Console.writeError(TerminalText("daybook: warning: \(reason); the folders the old index knew are read instead"))
            rootsFile = nil
        }
        guard library.exists || rootsFile != nil || FileManager.default.fileExists(atPath: journalFolder) else {
            throw CommandError(
                description: "\(library.root.path) has no journal.sqlite, no journal/ folder and no \(IngestRootsFile.fileName): "
                    + "nothing to rebuild from")
        }
        let lock = try LibraryUseLock(library: library)
        guard lock.takeAlone() else {
            throw CommandError(
                description: "another daybook (ingest, watch, serve, an edit) has \(library.root.path) open; "
                    + "stop it, then run rebuild again. Nothing was changed")
        }
        let setAside = try SetAsideDatabase.moveAside(in: library)
        let roots = rootsFile ?? IngestRootsFile(folders: setAside?.ingestRoots() ?? [])
        if rootsFile == nil, roots != IngestRootsFile() {
            // Kept from now on, so a later rebuild needs no old database to find the photos.
            try roots.write(in: library)
        }
        return RebuildStart(lock: lock, roots: roots, setAside: setAside)
    }

    var setAsideLine: String {
        guard let setAside else { return "daybook: there was no journal.sqlite; making a new one" }
        return "daybook: the old index is kept as \(setAside.url.path)"
    }
}
