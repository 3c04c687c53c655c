import DaybookImaging
import DaybookSupport
import Foundation

/// A file as ingest reads it (`PhotoFile.open`). A still photo is held whole: it is hashed,
/// parsed and decoded from the same bytes. A video is held open and read by offset: hashed in
/// chunks and demuxed through the same descriptor, so a video of any size costs a bounded
/// buffer, and what FFmpeg reads is the file that was hashed.
struct SourceFile {
    enum Contents {
        case bytes([UInt8])
        case video(ReadOnlyFile)
    }

    let contents: Contents
    /// The first bytes, which say what the file is (`FileKind`).
    let leadingBytes: [UInt8]
    /// A still's modification time once its bytes were read; a video's when it was opened
    /// (`isUnchanged` says whether it still holds).
    let modified: Date
    /// A video's device, inode, size and modification time when it was opened.
    private let opened: Identity?

    init(bytes: [UInt8], modified: Date) {
        contents = .bytes(bytes)
        leadingBytes = Array(bytes.prefix(FileKind.prefixLength))
        self.modified = modified
        opened = nil
    }

    init(video: ReadOnlyFile, leadingBytes: [UInt8], opened info: stat) {
        contents = .video(video)
        self.leadingBytes = leadingBytes
        modified = Self.date(info.st_mtim)
        opened = Identity(info)
    }

    var size: Int {
        switch contents {
        case .bytes(let bytes): bytes.count
        case .video(let file): file.size
        }
    }

    /// The whole file, for a still; nil for a video, which is never held whole.
    var stillBytes: [UInt8]? {
        if case .bytes(let bytes) = contents { return bytes }
        return nil
    }

    /// The file as a video reads it: its bytes in memory, or the open file.
    var videoSource: VideoSource {
        switch contents {
        case .bytes(let bytes): .memory(bytes)
        case .video(let file): .file(file)
        }
    }

    /// Whether the file stops before its photo or video does (`PhotoEnding`); a video's
    /// boxes are walked by their headers alone.
    func endsEarly() -> Bool {
        switch contents {
        case .bytes(let bytes): PhotoEnding.endsEarly(bytes)
        case .video(let file): ISOMediaEnding.endsEarly(ISOMediaEnding.verdict(.file(file)))
        }
    }

    /// The content hash; a video's is read in chunks.
    func contentHash() throws(Rejection) -> String {
        switch contents {
        case .bytes(let bytes):
            return ContentHash.sha256Hex(bytes)
        case .video(let file):
            return try ContentHash.sha256Hex { (offset, buffer) throws(Rejection) -> Int in
                guard let count = file.read(at: offset, into: buffer) else { throw Rejection(.system(errno)) }
                return count
            }
        }
    }

    /// For a video: whether the file is still as it was when opened (same file, size and
    /// modification time), so that the hash and what was demuxed describe the same bytes.
    /// Always true for a still, whose bytes are in memory.
    func isUnchanged() -> Bool {
        guard case .video(let file) = contents, let opened else { return true }
        var info = stat()
        return fstat(file.descriptor, &info) == 0 && Identity(info) == opened
    }

    static func date(_ time: timespec) -> Date {
        Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    private struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = info.st_mtim.tv_sec
            modifiedNanoseconds = info.st_mtim.tv_nsec
        }
    }
}
