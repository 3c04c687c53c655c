import DaybookMetadata
import DaybookStore

/// A photo read and analysed, waiting for its transaction: what the store is given, and what
/// the ingester still needs once it is stored (`Ingester.finish`). Not the file's bytes: a
/// group of these waits in memory, so only their first bytes (the file's kind) are kept.
struct PreparedPhoto: Sendable {
    let path: String
    /// The file's first `FileKind.prefixLength` bytes: a JPEG or HEIC has RAWs to pair.
    let leadingBytes: [UInt8]
    let metadata: PhotoMetadata
    /// The thumbnail written under a temporary name, moved into place inside the transaction.
    let temporary: TemporaryThumbnail?
    let save: EntrySave
    /// What the library judged of the file before; settled once the entry is stored.
    let judged: JudgedPath?
    /// Why it has no picture, when it is stored damaged.
    let damage: String?
    /// Its thumbnail is a first look (`PhotoAnalysis.isFirstLook`): the entry is queued for the
    /// full one in the transaction that stores it (`EntrySave.firstLookFullSide`), and counted.
    let isFirstLook: Bool
}
