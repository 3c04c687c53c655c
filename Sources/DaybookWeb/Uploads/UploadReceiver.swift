import Hummingbird
import NIOCore
import NIOPosix

/// A transfer received whole: its file under `.incoming/`, on the disk, and its content hash.
struct ReceivedUpload: Sendable {
    let slot: IncomingSlot
    let hash: String
    let name: SafeFileName
}

/// Streams a request body to a file in `.incoming/`, hashing it on the way, and judges what
/// it is from its first bytes before a byte is written. The body is read a batch at a time
/// and each batch written before the next is read, so a body of any size holds one batch of
/// memory, and a slow disk slows the client rather than filling the server.
enum UploadReceiver {
    /// Writes and hashes run here, not on Swift's shared pool (two threads: a blocked write
    /// there would stall every request), nor on `BlockingPools.heavy`, where a long decode
    /// of another upload would hold a transfer's next batch.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// How much is gathered before one write: few enough thread hops, little memory.
    static let batchBytes = 1 << 20

    /// The whole body, `length` bytes of it, or the reason it is not kept; nothing is left
    /// in `.incoming/` when it throws.
    static func receive(
        _ body: RequestBody, length: Int, sentName: String?, folder: UploadFolder
    ) async throws(UploadProblem) -> ReceivedUpload {
        var pending = ByteBuffer()
        var slot: IncomingSlot?
        var name: SafeFileName?
        do {
            for try await chunk in body {
                pending.writeImmutableBuffer(chunk)
                if slot == nil {
                    guard pending.readableBytes >= UploadKind.prefixLength else { continue }
                    let opened = try await open(pending, sentName: sentName, folder: folder)
                    slot = opened.0
                    name = opened.1
                }
                if pending.readableBytes >= batchBytes {
                    try await write(pending, to: slot!)
                    pending.clear()
                }
            }
            if slot == nil {
                let opened = try await open(pending, sentName: sentName, folder: folder)
                slot = opened.0
                name = opened.1
            }
            try await write(pending, to: slot!)
            guard slot!.count == length else { throw UploadProblem.dropped }
            let finished = slot!
            let hash = try await pool.runIfActive { () throws -> String in try finished.finish() }
            return ReceivedUpload(slot: finished, hash: hash, name: name!)
        } catch {
            if let slot { folder.discard(slot) }
            throw error as? UploadProblem ?? .dropped
        }
    }

    /// The slot for a body whose first bytes are `prefix`, named from the sent name and the
    /// kind those bytes are; refused when they are no photo or video.
    private static func open(
        _ prefix: ByteBuffer, sentName: String?, folder: UploadFolder
    ) async throws -> (IncomingSlot, SafeFileName) {
        let leading = Array(prefix.readableBytesView.prefix(UploadKind.prefixLength))
        guard let kindExtension = UploadKind.fileExtension(of: leading) else {
            throw UploadProblem.notAccepted(UploadKind.refusal(of: leading))
        }
        let name = SafeFileName(sent: sentName, kindExtension: kindExtension)
        let slot = try await pool.runIfActive { () throws -> IncomingSlot in try folder.makeIncoming(named: name.name()) }
        return (slot, name)
    }

    private static func write(_ bytes: ByteBuffer, to slot: IncomingSlot) async throws {
        guard bytes.readableBytes > 0 else { return }
        try await pool.runIfActive { () throws in try slot.append(bytes) }
    }
}
