import GRDB

/// Photos that look the same whatever their bytes, time or camera: a re-encoded or resized
/// copy beside its original (exact copies already share one entry by content hash). Found
/// by the perceptual hash alone, and only listed: nothing is ever deleted.
package struct DuplicateFinder: Sendable {
    /// Re-encodes and resizes of one photo measured 0–4 bits apart, different photos 20 and
    /// more (docs/stacks.md).
    package var maxDistance: Int = 4

    package init(maxDistance: Int = 4) { self.maxDistance = max(0, min(maxDistance, 16)) }

    /// Groups of two or more entries, each group in capture order, the groups in the order of
    /// their first entry. A stack takes part through its cover alone: its frames are one
    /// moment already, and a copy of one frame would otherwise chain the whole burst into
    /// its group.
    package func groups(in store: JournalStore) throws -> [[JournalEntry]] {
        try store.readNow { reader in
            let rows = try Row.fetchAll(
                reader.db,
                sql:
                    "SELECT id, perceptual_hash FROM entry WHERE perceptual_hash IS NOT NULL AND is_cover AND media_kind = 'photo' ORDER BY id"
            )
            let hashes = rows.map { UInt64(bitPattern: $0["perceptual_hash"] as Int64) }
            var sets = DisjointSets(count: rows.count)
            for pair in candidatePairs(hashes) where (hashes[pair.a] ^ hashes[pair.b]).nonzeroBitCount <= maxDistance {
                sets.union(pair.a, pair.b)
            }
            var members: [Int: [String]] = [:]
            for index in rows.indices { members[sets.find(index), default: []].append(rows[index]["id"]) }
            return try members.values.filter { $0.count > 1 }.map { ids in
                try JournalEntry.filter(keys: ids).order(TimelineOrder.oldestFirst).fetchAll(reader.db)
            }.sorted { Self.orderKey($0[0]) < Self.orderKey($1[0]) }
        }
    }

    /// Dated groups first, oldest first.
    private static func orderKey(_ entry: JournalEntry) -> String { (entry.capturedLocal?.iso8601 ?? "~") + entry.id }

    /// Pigeonhole: two hashes at most d bits apart agree exactly on at least one of d+1
    /// disjoint slices of the 64 bits, so only hashes sharing a slice are compared (not
    /// every pair of a 100,000-entry journal).
    private func candidatePairs(_ hashes: [UInt64]) -> Set<Pair> {
        let slices = maxDistance + 1
        var pairs = Set<Pair>()
        for slice in 0..<slices {
            let low = slice * 64 / slices
            let width = (slice + 1) * 64 / slices - low
            let mask: UInt64 = width >= 64 ? ~0 : (1 << UInt64(width)) - 1
            var buckets: [UInt64: [Int]] = [:]
            for (index, hash) in hashes.enumerated() { buckets[(hash >> UInt64(low)) & mask, default: []].append(index) }
            for bucket in buckets.values where bucket.count > 1 {
                for i in 0..<bucket.count {
                    for j in (i + 1)..<bucket.count { pairs.insert(Pair(a: bucket[i], b: bucket[j])) }
                }
            }
        }
        return pairs
    }

    private struct Pair: Hashable {
        let a: Int
        let b: Int
    }
}

/// Union–find over indices, with path halving.
private struct DisjointSets {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ index: Int) -> Int {
        var index = index
        while parent[index] != index {
            parent[index] = parent[parent[index]]
            index = parent[index]
        }
        return index
    }

    mutating func union(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
}
