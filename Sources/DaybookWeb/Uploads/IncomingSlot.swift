import Crypto
import Foundation
import NIOCore
import Synchronization

/// One transfer's file under `.incoming/`, written and hashed as its bytes arrive. The
/// writes and the hash run on an upload thread (`UploadReceiver`), one batch at a time, so
/// the state needs no more than a lock nobody waits for.
final class IncomingSlot: Sendable {
    let folderName: String
    let folder: Int32
    let name: String
    let path: String
    private let state: Mutex<State>

    private struct State {
        var file: Int32
        var hash = SHA256()
        var count = 0
        var discarded = false
    }

    init(folderName: String, folder: Int32, file: Int32, name: String, path: String) {
        self.folderName = folderName
        self.folder = folder
        self.name = name
        self.path = path
        state = Mutex(State(file: file))
    }

    var count: Int { state.withLock { $0.count } }

    /// Writes `bytes` at the end of the file and adds them to the hash. Blocks: an upload thread's work.
    func append(_ bytes: ByteBuffer) throws(UploadProblem) {
        try state.withLock { (state: inout State) throws(UploadProblem) in
            let written = bytes.withUnsafeReadableBytes { raw -> Bool in
                var offset = 0
                while offset < raw.count {
                    let result = write(state.file, raw.baseAddress! + offset, raw.count - offset)
                    if result < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += result
                }
                state.hash.update(bufferPointer: raw)
                return true
            }
            guard written else {
                let reason = String(cString: strerror(errno))
                throw errno == ENOSPC ? .server("the disk is full: the upload was not kept") : .server("cannot write \(path): \(reason)")
            }
            state.count += bytes.readableBytes
        }
    }

    /// Puts the file on the disk (`fsync`) and closes it; answers its content hash, the
    /// journal's (64 lower-case hex digits of SHA-256). Blocks.
    func finish() throws(UploadProblem) -> String {
        try state.withLock { (state: inout State) throws(UploadProblem) in
            guard fsync(state.file) == 0 else { throw .server("cannot write \(path) to the disk: \(String(cString: strerror(errno)))") }
            close(state.file)
            state.file = -1
            return state.hash.finalize().map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }
    }

    /// Closes the file; true only the first time, so that the slot is removed once (its
    /// folder's descriptor closed once: a number closed twice may be another file's by then).
    func closeForDiscard() -> Bool {
        state.withLock { state in
            if state.file >= 0 { close(state.file) }
            state.file = -1
            defer { state.discarded = true }
            return !state.discarded
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
