import Foundation

/// A copy Syncthing keeps beside a journal file when two devices changed it before hearing
/// from each other: one version keeps the name, the other is renamed
/// `2026-11-29-3f2a9c1e.sync-conflict-20261129-123456-ABCDEFG.md` (the time it was set aside
/// and the device that made that version, in the short form Syncthing shows).
///
/// Found by name only; what it holds is read by the strict parser, like any journal file.
public struct JournalConflictCopy: Sendable, Hashable, CustomStringConvertible {
    static let marker = ".sync-conflict-"

    /// The journal file the copy was set aside from, beside it.
    public let original: JournalFilePath
    /// The copy's own name, in `original`'s folder.
    public let fileName: String
    /// `2026-11-29 12:34:56` (the device's clock when Syncthing set the copy aside); nil for
    /// a name whose stamp is not of that form.
    public let setAside: String?
    /// The short id of the device that made the copy's version; older Syncthings leave it out.
    public let device: String?

    /// `fileName` read as a conflict copy of an entry's file in the folder `folders`
    /// (`["2026", "11"]`); nil for any other name.
    public init?(fileName: String, folders: [String]) {
        guard folders.count == 2, fileName.hasSuffix(".md"), let marker = fileName.range(of: Self.marker) else { return nil }
        let relative = ([JournalFilePath.folderName] + folders + [String(fileName[..<marker.lowerBound]) + ".md"])
        guard let original = JournalFilePath(relative: relative.joined(separator: "/")) else { return nil }
        self.original = original
        self.fileName = fileName
        // "20261129-123456-ABCDEFG.md", or a copy of a copy's longer tail: only the first
        // stamp is read, the rest is still part of the name.
        let stamp = fileName[marker.upperBound...].dropLast(3).split(separator: ".").first ?? ""
        let parts = stamp.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count >= 2, parts[0].count == 8, parts[1].count == 6, (parts[0] + parts[1]).allSatisfy(\.isASCIIDigit) {
            let day = parts[0]
            let time = parts[1]
            setAside =
                "\(day.prefix(4))-\(day.dropFirst(4).prefix(2))-\(day.suffix(2)) "
                + "\(time.prefix(2)):\(time.dropFirst(2).prefix(2)):\(time.suffix(2))"
            device =
                parts.count == 3 && !parts[2].isEmpty && parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                ? String(parts[2]) : nil
        } else {
            setAside = nil
            device = nil
        }
    }

    /// `journal/2026/11/2026-11-29-3f2a9c1e.sync-conflict-….md`, relative to the library.
    public var description: String { ([JournalFilePath.folderName] + original.folders + [fileName]).joined(separator: "/") }

    public func url(in library: Library) -> URL { library.root.appendingPathComponent(description) }

    /// Every conflict copy under `library`'s journal folder, by path. Only the shape this
    /// journal writes is walked (`journal/YYYY/MM/`), without following links.
    public static func all(in library: Library) -> [JournalConflictCopy] {
        let journal = library.root.appendingPathComponent(JournalFilePath.folderName)
        var copies: [JournalConflictCopy] = []
        for year in realFolders(in: journal) where year.utf8.count == 4 {
            for month in realFolders(in: journal.appendingPathComponent(year)) where month.utf8.count == 2 {
                copies += inFolder([year, month], library: library)
            }
        }
        return copies.sorted { $0.description < $1.description }
    }

    /// The conflict copies of `path`'s file: one folder's listing, cheap enough for a page.
    public static func of(_ path: JournalFilePath, in library: Library) -> [JournalConflictCopy] {
        inFolder(path.folders, library: library).filter { $0.original == path }.sorted { $0.fileName < $1.fileName }
    }

    private static func inFolder(_ folders: [String], library: Library) -> [JournalConflictCopy] {
        let folder = ([JournalFilePath.folderName] + folders).reduce(library.root) { $0.appendingPathComponent($1) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.contains(marker) }.compactMap { JournalConflictCopy(fileName: $0, folders: folders) }
    }

    /// The folders (not links to folders) in `url`.
    private static func realFolders(in url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var info = stat()
            return lstat(url.appendingPathComponent(name).path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
