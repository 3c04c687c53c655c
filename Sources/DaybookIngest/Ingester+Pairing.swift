import DaybookImaging
import DaybookStore
import DaybookSupport
import Foundation

/// RAW+JPEG pairs are one entry: the JPEG's, with the RAW listed as its `raw` file
/// (`EntryFile`). Whichever file is read first, the result is the same: a RAW whose photo is
/// already an entry joins it; a RAW whose photo is not yet one waits for it (the photo's
/// ingest attaches every RAW beside it, and deletes an entry the RAW had of its own, as
/// `daybook watch` makes when the RAW arrives minutes before its JPEG).
extension Ingester {
    /// For a camera RAW with a photo beside it: joins the photo's entry or waits for it.
    /// nil when the RAW has no photo beside it and is an entry of its own.
    func pairRAW(_ path: String, bytes: [UInt8], hash: String) -> IngestEvent? {
        guard FileKind(prefix: bytes.prefix(FileKind.prefixLength)) == .cameraRaw else { return nil }
        do {
            guard let photo = RAWPairing.photo(besideRAW: path) else {
                // Its photo moved away (`watch --move-to` moves the photo) or was removed: the
                // RAW stays its entry's, rather than becoming a second entry of the same shot.
                guard let known = try store.owner(ofFileAt: path), known.file.contentHash == hash,
                    let entry = try store.entry(id: known.entryID)
                else { return nil }
                return .rawPair(RAWPairOutcome(raw: path, photo: entry.sourcePath, state: .alreadyPaired(entryID: entry.id), fromRAW: true))
            }
            guard let entry = try store.entry(sourcePath: photo) else {
                return .rawPair(RAWPairOutcome(raw: path, photo: photo, state: .waiting, fromRAW: true))
            }
            if let known = try store.owner(ofFileAt: path), known.entryID == entry.id, known.file.contentHash == hash {
                return .rawPair(RAWPairOutcome(raw: path, photo: photo, state: .alreadyPaired(entryID: entry.id), fromRAW: true))
            }
            try attach(EntryFile(role: .raw, path: path, contentHash: hash, fileSize: Int64(bytes.count)), to: entry.id)
            return .rawPair(RAWPairOutcome(raw: path, photo: photo, state: .paired(entryID: entry.id), fromRAW: true))
        } catch {
            return .failed(IngestError(path: path, .journal(error)))
        }
    }

    /// The files beside a JPEG or HEIC named like its RAW, by their names (their bytes are
    /// checked when they are listed); none for other kinds of photo.
    func pairableRAWs(besidePhoto path: String, bytes: [UInt8]) -> [String] {
        switch FileKind(prefix: bytes.prefix(FileKind.prefixLength)) {
        case .jpeg, .heif: RAWPairing.raws(besidePhoto: path)
        default: []
        }
    }

    /// After a JPEG or HEIC is stored (or found already stored): lists the RAW files beside
    /// it as its entry's, and says so for each. A RAW already listed with the same size is
    /// not read again.
    func attachRAWs(besidePhoto path: String, bytes: [UInt8], entryID: String, emit: @Sendable (IngestEvent) -> Void) {
        for raw in pairableRAWs(besidePhoto: path, bytes: bytes) {
            do {
                var info = stat()
                if let known = try store.owner(ofFileAt: raw), known.entryID == entryID, stat(raw, &info) == 0,
                    Int64(info.st_size) == known.file.fileSize
                {
                    continue
                }
                let rawBytes = try PhotoFile.load(raw, maxBytes: options.maxFileBytes)
                guard FileKind(prefix: rawBytes.prefix(FileKind.prefixLength)) == .cameraRaw else { continue }
                let file = EntryFile(role: .raw, path: raw, contentHash: ContentHash.sha256Hex(rawBytes), fileSize: Int64(rawBytes.count))
                try attach(file, to: entryID)
                emit(.rawPair(RAWPairOutcome(raw: raw, photo: path, state: .paired(entryID: entryID), fromRAW: false)))
            } catch {
                emit(.warning(path: path, message: "could not list its RAW \((raw as NSString).lastPathComponent): \(error)"))
            }
        }
    }

    /// The store's attach, then the thumbnail of an entry the RAW had of its own, once that
    /// entry is gone (a file left by a failure here is an orphan the next repair removes).
    private func attach(_ file: EntryFile, to entryID: String) throws {
        if let orphan = try store.attach(file, to: entryID) { _ = try? thumbnailFiles.remove(orphan) }
    }
}
