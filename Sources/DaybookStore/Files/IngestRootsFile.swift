import Foundation

/// `LIBRARY/ingest-roots.json`: what `ingest`, `watch` and the web's uploads were pointed at,
/// kept beside the database because the database may be the thing that is lost, and `rebuild`
/// must know where to read the photos again. Each device keeps its own (the library folder is
/// never synced, only `journal/` is: the photos' folders differ per device).
///
/// A folder given as a folder is kept apart from a photo named alone: `ingest extra.jpg`
/// must not make a rebuild read every other photo in that folder.
package struct IngestRootsFile: Sendable, Equatable, Codable {
    package static let fileName = "ingest-roots.json"
    /// Far more than any list of folders a person ingests; a larger file is not Daybook's.
    static let maximumBytes = 4 << 20

    package var version = 1
    /// Absolute folders, sorted.
    package var folders: [String]
    /// Absolute files named alone, sorted.
    package var files: [String]

    package init(folders: [String] = [], files: [String] = []) {
        self.folders = Self.normalised(folders)
        self.files = Self.normalised(files)
    }

    /// This file with `other`'s paths added.
    package func adding(_ other: IngestRootsFile) -> IngestRootsFile {
        IngestRootsFile(folders: folders + other.folders, files: files + other.files)
    }

    /// The file in `library`; nil when there is none. One that is not this format is an
    /// error naming it.
    package static func read(in library: Library) throws -> IngestRootsFile? {
        let url = library.root.appendingPathComponent(fileName)
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw StoreError.system(errno, "cannot open \(url.path)")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard let data = try handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes else {
            throw StoreError.io("\(url.path) is empty or larger than a list of folders can be")
        }
        do {
            let decoded = try JSONDecoder().decode(IngestRootsFile.self, from: data)
            return IngestRootsFile(folders: decoded.folders, files: decoded.files)
        } catch {
            throw StoreError.io("\(url.path) is not a list of ingest folders: \(error)")
        }
    }

    /// Writes the file atomically (temporary name, `fsync`, rename, folder `fsync`).
    package func write(in library: Library) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try library.writeFile(try encoder.encode(self) + Data("\n".utf8), name: Self.fileName)
    }

    /// Absolute paths only (a relative one means nothing once the working folder is gone),
    /// each once, sorted.
    private static func normalised(_ paths: [String]) -> [String] {
        Array(Set(paths.filter { $0.hasPrefix("/") && !$0.utf8.contains(0) })).sorted()
    }
}

extension Library {
    /// Writes a small file of the library's own (`name` at its root) atomically: a temporary
    /// name, `fsync`, rename over the old, folder `fsync`; no link is
    /// followed. A setting kept in a file survives a rebuild of the index.
    package func writeFile(_ data: Data, name: String) throws {
        try AtomicFile.put(data, root: root, folders: [], name: name)
    }
}
