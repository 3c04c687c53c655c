import DaybookMetadata
import DaybookStore

extension Ingester {
    /// The sidecar's words for the entry of these bytes: none when that entry has a journal
    /// file, which holds what the person wrote and chose (the index must say what the file
    /// says, and a rebuild reads the file after the sidecar).
    func sidecarWords(_ sidecar: SidecarXMP?, contentHash: String) -> SidecarEntryWords {
        guard sidecar != nil else { return SidecarEntryWords(nil) }
        guard let known = try? store.entry(contentHash: contentHash) else { return SidecarEntryWords(sidecar) }
        return store.hasJournalFile(known) ? SidecarEntryWords(nil) : SidecarEntryWords(sidecar)
    }
}

/// What a photo's sidecar gives its entry besides the date and place: the caption as the
/// entry's text and the keywords as its tags (docs/design/sidecars.md). The store takes them
/// only for an entry without words or tags of its own.
struct SidecarEntryWords: Equatable {
    var text = ""
    /// Tag names (`JournalTag.normalizedName`), each once.
    var tags: [String] = []
    /// A keyword that makes no tag name, a caption the journal cannot hold: each one sentence.
    var warnings: [String] = []

    /// Nothing for a sidecar that cannot be read: the date reader has said why already.
    init(_ sidecar: SidecarXMP?) {
        guard let sidecar, case .success(let words) = XMPSidecarWords.read(sidecar.bytes) else { return }
        if let text = words.text {
            // The journal's own limits on a text (`JournalEntry.maximumTextBytes`, no NUL).
            if text.utf8.count > JournalEntry.maximumTextBytes || text.contains("\0") {
                warnings.append("sidecar \(sidecar.name): its description is too long or holds a NUL for the journal; not taken")
            } else {
                self.text = text
            }
        }
        for keyword in words.keywords {
            guard let name = try? JournalTag.normalizedName(keyword) else {
                warnings.append("sidecar \(sidecar.name): keyword \"\(keyword.prefix(80))\" makes no tag name; left out")
                continue
            }
            if !tags.contains(name) { tags.append(name) }
        }
    }
}
