import DaybookMetadata
import DaybookStore
import Foundation

/// Sidecars in the pipeline: a sidecar file is never an entry of its own, and its content is
/// part of what decides whether its photo's entry is current.
extension Ingester {
    /// A sidecar met as a file. Found in a folder, it is only counted: its photo, found in the
    /// same walk, reads it. Named on the command line (`daybook ingest IMG_0001.xmp`, after
    /// editing it), the files it belongs to are ingested as if found in its folder (so the
    /// `.MOV` half of a Live Photo sharing its name is skipped, not an error), and the change
    /// reaches the journal.
    func ingestSidecar(_ item: ScanItem, emit: @Sendable (IngestEvent) -> Void) {
        if item.explicitlyNamed {
            let photos = SidecarFiles.photos(for: item.path)
            if photos.isEmpty { emit(.warning(path: item.path, message: "no photo beside this sidecar")) }
            for photo in photos { ingest(ScanItem(path: photo, explicitlyNamed: false), emit: emit) }
        }
        emit(.sidecar(path: item.path))
    }

    /// Whether the entry made from these bytes needs no new reading with the sidecar found now
    /// (`SidecarVersion.calls(forRereading:seenWith:)`); `save` decides again inside its
    /// transaction, this only spares a decode.
    func isCurrent(_ known: JournalEntry, seenWith sidecar: SidecarFiles.Found?) throws -> Bool {
        // Without a sidecar nothing is read again, whatever is stored: no need to look.
        guard let version = sidecar?.version else { return true }
        return !SidecarVersion.calls(forRereading: try store.sidecarVersion(entryID: known.id), seenWith: version)
    }
}

extension SidecarFiles.Found {
    var xmp: SidecarXMP? {
        if case .read(let xmp, _) = self { return xmp }
        return nil
    }

    var version: SidecarVersion? {
        if case .read(_, let version) = self { return version }
        return nil
    }

    /// Why a sidecar beside the photo could not be read, as a warning.
    var problem: String? {
        if case .unreadable(let why) = self { return why }
        return nil
    }
}
