import DaybookCore
import DaybookMetadata
import DaybookStore
import Foundation
import Synchronization

/// Which of an entry's fields a change touched: a field the person cleared is cleared in the
/// sidecar too, while a field the change did not touch and the entry does not hold is left to
/// whatever another tool wrote there.
package struct SidecarFieldSet: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    package static let text = SidecarFieldSet(rawValue: 1)
    package static let tags = SidecarFieldSet(rawValue: 2)
    package static let date = SidecarFieldSet(rawValue: 4)
    package static let place = SidecarFieldSet(rawValue: 8)
}

/// Writes a photo entry's words, tags, and a date or place set by hand into its XMP sidecar
/// after a committed change (docs/design/sidecars.md), for other photo tools to read. The
/// journal file and the index already hold the change: a sidecar that cannot be written is
/// reported, and nothing is undone.
///
/// One per command run or server: a folder Daybook may not write (a read-only card, a share)
/// is reported once, not at every edit.
package final class SidecarWriteBack: Sendable {
    package enum Outcome: Sendable, Equatable {
        /// Write-back is off for this library and run.
        case off
        /// A text entry, or a photo on another device: no photo folder to write in.
        case noPhoto
        case written(path: String)
        /// The sidecar already said all this.
        case unchanged(path: String)
        /// Reported through `report` (once per folder for a folder that cannot be written).
        case failed(String)
    }

    private let library: Library
    private let forced: Bool
    private let report: @Sendable (String) -> Void
    private let reportedFolders = Mutex<Set<String>>([])

    /// `forced`: `--write-sidecars` on the command, whatever the library's setting.
    package init(library: Library, forced: Bool = false, report: @escaping @Sendable (String) -> Void) {
        self.library = library
        self.forced = forced
        self.report = report
    }

    /// Whether sidecars are written: asked at each change, so `daybook sidecars on` reaches a
    /// running server.
    package var isOn: Bool { forced || SidecarWriteBackSetting.isOn(library) }

    /// Writes the sidecar of the entry `entryID` after a change of `changed`.
    @discardableResult
    package func entryChanged(_ entryID: String, _ changed: SidecarFieldSet, store: JournalStore) -> Outcome {
        guard isOn else { return .off }
        do {
            guard let entry = try store.entry(id: entryID), entry.media != .text, !entry.isPhotoElsewhere else { return .noPhoto }
            let tags = try store.tags(entryID: entryID).filter { $0.source == .user }.map(\.name)
            let raws = try store.files(entryID: entryID).filter { $0.role == .raw }.map(\.path)
            return write(Self.fields(entry, userTags: tags, changed: changed), photo: entry.sourcePath, raws: raws)
        } catch {
            return failed("\(entryID.prefix(8)): sidecar not written: \(error)")
        }
    }

    /// What the entry says in each of Daybook's fields. The date and place are written only
    /// when set by hand: others came from the photo or its sidecar already.
    static func fields(_ entry: JournalEntry, userTags: [String], changed: SidecarFieldSet) -> XMPSidecarFields {
        var fields = XMPSidecarFields()
        if !entry.text.isEmpty {
            fields.text = .set(entry.text)
        } else if changed.contains(.text) {
            fields.text = .remove
        }
        if !userTags.isEmpty {
            fields.tags = .set(userTags)
        } else if changed.contains(.tags) {
            fields.tags = .remove
        }
        if entry.captureSource == .user, let local = entry.capturedLocal {
            fields.date = .set(XMPSidecarDate(local: local, offset: entry.offset))
        }
        if entry.locationSource == .user, let location = entry.location {
            fields.location = .set(location)
        } else if changed.contains(.place), entry.location == nil {
            fields.location = .remove
        }
        return fields
    }

    /// The sidecar the ingest reads for this photo (`SidecarFiles`), else `PHOTO.EXT.xmp`.
    static func sidecarPath(photo: String, raws: [String]) -> String {
        SidecarFiles.candidates(for: photo, raws: raws).first { path in
            var info = stat()
            return lstat(path, &info) == 0
        } ?? photo + ".xmp"
    }

    private func write(_ fields: XMPSidecarFields, photo: String, raws: [String]) -> Outcome {
        let path = Self.sidecarPath(photo: photo, raws: raws)
        let name = (path as NSString).lastPathComponent
        var info = stat()
        guard stat(photo, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return failed("\(photo): the photo is not there; sidecar \(name) not written")
        }
        do {
            let existing = try SidecarFile.read(path)
            var old: [UInt8]?
            var mode: mode_t?
            if case .bytes(let bytes, let kept) = existing { (old, mode) = (bytes, kept) }
            // Nothing to say and no sidecar: none is made to say nothing.
            if old == nil, !fields.setsAValue { return .unchanged(path: path) }
            let merged = try XMPSidecarWriter.merge(old, fields) { try? JournalTag.normalizedName($0) }
            if merged == old { return .unchanged(path: path) }
            do {
                try SidecarFile.write(merged, to: path, mode: mode)
            } catch {
                return unwritable(path, error)
            }
            return .written(path: path)
        } catch {
            return failed("\(path): \(error.reason); the sidecar was left as it is, the change is in the journal")
        }
    }

    /// A folder that refuses writes is reported once; any other failure each time.
    private func unwritable(_ path: String, _ error: SidecarWriteBackError) -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        guard [EACCES, EROFS, EPERM].contains(error.code) else { return failed("\(error); the change is in the journal") }
        let message = "cannot write sidecars in \(folder) (\(String(cString: strerror(error.code)))); changes stay in the journal"
        let first = reportedFolders.withLock { $0.insert(folder).inserted }
        if first { report(message) }
        return .failed(message)
    }

    private func failed(_ message: String) -> Outcome {
        report(message)
        return .failed(message)
    }
}
