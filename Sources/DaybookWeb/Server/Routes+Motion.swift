import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// `/originals/ID?file=motion`: what the entry page plays on hover or tap (docs/motion.md).
    /// A motion photo's clip is a window on the photo's own file, checked against the entry's
    /// hash as every original is; a Live Photo's movie is its `EntryFile`, checked against its
    /// own. Nil (404) when the entry has no motion, or its motion no longer holds.
    func motion(of entry: JournalEntry, allowedFolders: [String], request: Request) async throws -> Response? {
        if let clip = entry.motionClip {
            guard let original = try await OriginalPhoto.loadOffThePool(entry, allowedFolders: allowedFolders, checks: originalChecks),
                let window = try await BlockingPools.files.runIfActive({ Self.clipWindow(clip, in: original.file) })
            else { return nil }
            let name = ((entry.sourcePath as NSString).lastPathComponent as NSString).deletingPathExtension + "-motion.mp4"
            return Self.ranged(window, type: "video/mp4", etag: "\"m-\(entry.contentHash)\"", name: name, request: request)
        }
        guard let movie = try await store.read({ try $0.files(entryID: entry.id) }).first(where: { $0.role == .livePhotoVideo }),
            let original = try await OriginalPhoto.loadOffThePool(
                path: movie.path, contentHash: movie.contentHash, allowedFolders: allowedFolders, checks: originalChecks,
                maxBytes: OriginalPhoto.maxVideoBytes)
        else { return nil }
        return Self.original(original, contentHash: movie.contentHash, name: (movie.path as NSString).lastPathComponent, request: request)
    }

    /// The clip's bytes in `file`, when the stored offsets still fit it and they begin with an
    /// MP4's `ftyp` box: offsets from a store edited or imported by hand are not trusted
    /// (blocking, one short read).
    static func clipWindow(_ clip: MotionClip, in file: OpenFile) -> FileWindow? {
        guard clip.fits(fileSize: Int64(file.size)), let start = Int(exactly: clip.offset), let count = Int(exactly: clip.length),
            let window = FileWindow(file, start: start, count: count), let head = try? window.head(8), head.count == 8,
            Array(head[4..<8]) == Array("ftyp".utf8)
        else { return nil }
        return window
    }
}
