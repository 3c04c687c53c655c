import DaybookBenchSupport
import DaybookCore
import DaybookIngest
import DaybookMetadata
import DaybookStore
import DaybookTagging
import Foundation

/// The entries a benchmark library is seeded with: 200 places (two of them either side of
/// the antimeridian), 15 years, 0–6 words and 1–3 colour tags each, stored through
/// `JournalStore.insert(batch:)` as an import does.
///
/// The numbers come from a fixed-seed generator (`SplitMix64`, from DaybookBenchSupport), so the places
/// are the same when a seed is resumed and two libraries seeded alike hold the same rows (ids
/// and timestamps aside); `SystemRandomNumberGenerator` costs a system call per number on Linux.
struct JournalSeeder {
    /// Entries per transaction.
    static let batchSize = 5_000
    /// A progress line every this many entries: the rate as the library grows.
    static let reportEvery = 100_000

    private static let words = [
        "river", "market", "birthday", "hike", "sunset", "café", "museum", "beach", "snow", "train", "garden",
        "lunch", "concert", "harbour", "bridge", "festival", "mountain", "lake", "rain", "friends",
    ]
    private static let tagNames = ["blue", "green", "sky", "sunset", "vivid", "muted", "dark", "night", "white", "snow", "greenery", "red"]
    private static let start = LocalDateTime(exif: "2010:01:01 00:00:00")!.secondsSinceEpochIgnoringZone
    private static let span: Int64 = 15 * 365 * 86_400

    private static let tags = tagNames.map { AutoTag(name: $0, score: 0.5) }

    private let places: [(latitude: Double, longitude: Double)]

    init() {
        var generator = SplitMix64(seed: 0x6461_7962_6f6f_6b)
        var places = (0..<198).map { _ in
            (latitude: Double.random(in: -60...70, using: &generator), longitude: Double.random(in: -180..<180, using: &generator))
        }
        places += [(-16.5, 179.95), (-16.5, -179.95)]
        self.places = places
    }

    /// Entry number `index` of the library, and its tags.
    func entry(_ index: Int, using generator: inout SplitMix64) -> (JournalEntry, [AutoTag]) {
        var metadata = PhotoMetadata()
        metadata.capture = CaptureTime(
            local: LocalDateTime(unixSecondsIgnoringZone: Self.start + Int64.random(in: 0..<Self.span, using: &generator)),
            source: .dateTimeOriginal)
        let place = places[Int.random(in: 0..<places.count, using: &generator)]
        metadata.location = GeoLocation(
            latitude: place.latitude + Double.random(in: -0.2...0.2, using: &generator),
            longitude: max(-180, min(179.999, place.longitude + Double.random(in: -0.2...0.2, using: &generator))))
        var entry = JournalEntry(
            contentHash: "bench-\(index)", sourcePath: "/photos/\(index).jpg", fileSize: 3_000_000,
            metadata: metadata, pixelSize: (4000, 3000), thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.words.randomElement(using: &generator)! }
            .joined(separator: " ")
        let tags = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Self.tags.randomElement(using: &generator)! }
        return (entry, tags)
    }

    /// Adds entries to `store` until it holds `target`, one transaction per batch, printing
    /// the insert rate (by the wall clock, and by CPU time, steadier on a shared machine) for
    /// every 100,000 entries added, and a summary line at the end.
    func seed(_ store: JournalStore, upTo target: Int) throws {
        let first = try store.count()
        guard first < target else { return }
        var generator = SplitMix64(seed: UInt64(first))
        var generating = 0.0
        var inserting = Stretch(), stretch = Stretch()
        var stretchStart = first
        var index = first
        while index < target {
            var batch: [JournalEntry] = []
            var tags: [String: [AutoTag]] = [:]
            generating += milliseconds {
                for number in index..<min(target, index + Self.batchSize) {
                    let (entry, entryTags) = self.entry(number, using: &generator)
                    batch.append(entry)
                    tags[entry.id] = entryTags
                }
            }
            let took = try Stretch.measure { try store.insert(batch: batch, autoTags: tags, taggerVersion: ColourTagger.version) }
            inserting.add(took)
            stretch.add(took)
            index += batch.count
            if index - stretchStart >= Self.reportEvery || index == target {
                print("  \(String(format: "%8d → %8d", stretchStart, index)) entries: \(stretch.rates(index - stretchStart))")
                fflush(nil)  // every stream: seen as it goes when the output is a file or a pipe
                stretchStart = index
                stretch = Stretch()
            }
        }
        print(
            String(
                format: "seeded %d entries in %.1f s (generating the rows: %.1f s); ", target - first,
                (generating / 1000) + inserting.wall, generating / 1000) + "inserting: " + inserting.rates(target - first))
    }
}

/// Time spent inserting: by the wall clock and in CPU (this process's threads, the writer's
/// among them).
private struct Stretch {
    var wall = 0.0, cpu = 0.0

    static func measure(_ body: () throws -> Void) rethrows -> Stretch {
        let wall = monotonicSeconds(), cpu = processCPUSeconds()
        try body()
        return Stretch(wall: monotonicSeconds() - wall, cpu: processCPUSeconds() - cpu)
    }

    mutating func add(_ other: Stretch) {
        wall += other.wall
        cpu += other.cpu
    }

    func rates(_ entries: Int) -> String {
        String(format: "%.0f entries/s, %.0f entries per CPU second", Double(entries) / wall, Double(entries) / cpu)
    }
}
