import DaybookIngest
import DaybookStore
import Foundation

/// The photo an entry points to, read only when its bytes still have the entry's content
/// hash: the only files outside the library the web journal ever serves.
enum OriginalPhoto {
    static let maxBytes = 512 << 20

    static func bytes(of entry: JournalEntry) -> [UInt8]? {
        let url = URL(fileURLWithPath: entry.sourcePath)
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true,
            let size = values.fileSize, size <= maxBytes,
            let data = try? Data(contentsOf: url, options: .mappedIfSafe)
        else { return nil }
        let bytes = [UInt8](data)
        return ContentHash.sha256Hex(bytes) == entry.contentHash ? bytes : nil
    }
}
