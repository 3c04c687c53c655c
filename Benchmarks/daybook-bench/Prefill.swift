import DaybookIngest
import DaybookMetadata
import DaybookStore
import DaybookSupport
import Foundation

/// `--prefill N`: a library that already holds N entries, so that ingest is measured into a
/// grown journal and not only into an empty one. The entries are synthetic (distinct content
/// hashes, no thumbnail files, no tags) and go in through the store's own batch insert, so
/// every table, index and full-text row a real library has per entry is there. Tags are left
/// out only because inserting them is slow while the tag triggers scan the full-text index
/// (the very cost this option exposes); it does not change what a new photo's insert costs.
enum Prefill {
    /// Builds the template library once; returns its folder.
    static func makeTemplate(entries count: Int) throws -> String {
        let folder = try TemporaryFolders.make("daybook-bench-prefill")
        let root = "\(folder)/library"
        do {
            let store = try JournalStore(library: Library(root: URL(fileURLWithPath: root)))
            var made = 0
            while made < count {
                let batch = min(1000, count - made)
                var entries: [JournalEntry] = []
                for index in made..<(made + batch) {
                    let entry = JournalEntry(
                        contentHash: ContentHash.sha256Hex(Array("daybook-bench prefill \(index)".utf8)),
                        sourcePath: "/daybook-bench-prefill/photo-\(index).jpg", fileSize: 1_000_000,
                        metadata: PhotoMetadata(), pixelSize: (4000, 3000), thumbnail: nil, thumbnailSize: nil,
                        problems: [])
                    entries.append(entry)
                }
                try store.insert(batch: entries)
                made += batch
            }
        }  // the store (and its connections) is released here, before anyone copies the files
        return root
    }

    /// A private copy of the template at `destination` (which must not exist yet).
    static func copy(_ template: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: template, toPath: destination)
    }
}
