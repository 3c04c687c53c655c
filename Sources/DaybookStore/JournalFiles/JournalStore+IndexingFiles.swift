import Foundation

/// Finding and reading the journal's files for the indexer. A file may come from anywhere, so
/// it is opened without following a link (from `journal/` down), only a regular file is read,
/// and only names of `JournalFilePath`'s shape are ever listed: temporary names, sync tools'
/// conflict copies and `.stignore` are not journal files.
extension JournalStore {
    /// The file's bytes, or nil when it is not there (a file that is gone is news too).
    func readJournalFileIfPresent(_ path: JournalFilePath) throws -> Data? {
        var directory = open(library.root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw StoreError.system(errno, "cannot open the library folder \(library.root.path)") }
        defer { close(directory) }
        for folder in [JournalFilePath.folderName] + path.folders {
            let next = openat(directory, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            guard next >= 0 else {
                if code == ENOENT { return nil }
                throw StoreError.system(code, "cannot open the folder of \(path) (a link or a file is not a journal folder)")
            }
            close(directory)
            directory = next
        }
        let fd = openat(directory, path.fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.system(errno, "cannot open \(path)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw JournalFileError(path: path.description, "not a regular file; it is left as it is")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        // One byte more than the parser takes, so a longer file is seen as longer and refused.
        while data.count <= JournalFileParser.maximumFileBytes {
            let count = Foundation.read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw StoreError.system(errno, "cannot read \(path)")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    /// Every journal file in the journal folder, in path order; nil when there is no journal
    /// folder at all (a folder not there is no sign that every file was removed).
    func journalFilePaths() -> [JournalFilePath]? {
        let root = library.root.appendingPathComponent(JournalFilePath.folderName)
        let files = FileManager.default
        guard let years = try? files.contentsOfDirectory(atPath: root.path) else { return nil }
        var paths: [JournalFilePath] = []
        for year in years where year.utf8.count == 4 {
            let yearPath = root.appendingPathComponent(year).path
            for month in (try? files.contentsOfDirectory(atPath: yearPath)) ?? [] where month.utf8.count == 2 {
                let names = (try? files.contentsOfDirectory(atPath: yearPath + "/" + month)) ?? []
                paths += names.compactMap { JournalFilePath(relative: "\(JournalFilePath.folderName)/\(year)/\(month)/\($0)") }
            }
        }
        return paths.sorted { $0.description < $1.description }
    }

    /// Another live file of entry `id` than `path`: the entry moved month (or day), its new
    /// file written before the old one went.
    func otherJournalFile(ofEntry id: String, besides path: JournalFilePath) -> JournalFilePath? {
        let suffix = "-\(id.prefix(8)).md"
        for other in journalFilePaths() ?? [] where other != path && other.fileName.hasSuffix(suffix) {
            guard let data = try? readJournalFileIfPresent(other), let file = try? JournalFileParser.parse(data),
                file.id == id, file.deleted == nil, file.path == other
            else { continue }
            return other
        }
        return nil
    }
}
