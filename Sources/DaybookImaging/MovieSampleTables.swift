/// What a movie's sample tables declare, checked against the bytes that could hold it before
/// FFmpeg reads the movie.
///
/// FFmpeg's QuickTime demuxer allocates its index from the counts the tables declare (about
/// two dozen bytes a sample, and a table's whole array before it reads the entries), so a
/// file of a few kilobytes can declare tens of millions of samples and cost gigabytes. A
/// count is believed only where the file has room for what it counts: a table's entries must
/// lie inside its box, and samples the tables do not list one by one (one size for all, a
/// fragment's run without sizes) must fit in the file at that size, beyond
/// `implicitSampleAllowance` (a movie stripped of its media keeps its index, and is told
/// apart by FFmpeg as having no media data). The movie's samples together stay under
/// `maxSamples`, which no camera's day of recording approaches.
package enum MovieSampleTables {
    /// Every track's samples together: a whole day (`VideoFile.maxDurationSeconds`) of
    /// 30-frame video with its audio, yet an index FFmpeg holds in a couple of hundred MB.
    package static let maxSamples = 8_000_000
    /// Samples a table may declare without room for them in the file: an index FFmpeg holds
    /// in a few tens of MB.
    package static let implicitSampleAllowance = 1 << 20

    /// Boxes whose content is boxes, down to the sample tables (a fragment's too), and the
    /// other containers FFmpeg's reader descends into: it applies a table wherever it finds
    /// one to the track read last.
    static let containers: Set = [
        "moov", "trak", "mdia", "minf", "stbl", "edts", "moof", "traf", "mvex", "dinf", "udta", "tref", "mfra", "wave", "sinf",
        "schi",
    ]
    /// A real movie's tracks nest five deep; the walk goes no deeper than this.
    static let maxDepth = 8
    /// Box headers read at most: a walk over a hostile file stays a bounded number of reads.
    static let maxBoxes = 1 << 20

    /// Throws `.sampleTable` for the first count the file cannot hold.
    package static func check(_ source: VideoSource) throws(VideoError) {
        var walk = Walk(source: source)
        try walk.visit(0..<source.count, depth: 0)
    }

    private struct Walk {
        let source: VideoSource
        var boxes = 0
        var samples = 0

        mutating func visit(_ range: Range<Int>, depth: Int) throws(VideoError) {
            var offset = range.lowerBound
            while let box = box(at: offset, within: range) {
                boxes += 1
                guard boxes <= MovieSampleTables.maxBoxes else { return }
                if MovieSampleTables.containers.contains(box.type) {
                    if depth < MovieSampleTables.maxDepth { try visit(box.content, depth: depth + 1) }
                } else if let table = SampleTable(type: box.type) {
                    try check(table, box)
                }
                offset = box.end
            }
        }

        /// The box at `offset` as FFmpeg's reader takes it: one that runs past its parent (or
        /// the file) is cut at the parent's end and read all the same, so it is checked the same.
        private func box(at offset: Int, within range: Range<Int>) -> ISOBox? {
            guard range.upperBound - offset >= 8 else { return nil }
            let header = source.bytes(at: offset, count: min(ISOBoxWalker.longestHeader, range.upperBound - offset))
            return header.withUnsafeBufferPointer { header -> ISOBox? in
                let type = ISOBoxes.fourCC(header, at: 4)
                var size = ISOBoxes.bigEndian(header, at: 0, width: 4)
                var headerLength = 8
                if size == 1 {
                    guard header.count >= 16 else { return nil }
                    size = ISOBoxes.bigEndian(header, at: 8, width: 8)
                    headerLength = 16
                } else if size == 0 {
                    size = UInt64(range.upperBound - offset)
                }
                guard size >= UInt64(headerLength) else { return nil }
                let end = offset + Int(min(size, UInt64(range.upperBound - offset)))
                return ISOBox(type: type, start: offset, contentStart: offset + headerLength, end: end)
            }
        }

        private mutating func check(_ table: SampleTable, _ box: ISOBox) throws(VideoError) {
            let header = source.bytes(at: box.contentStart, count: min(16, box.content.count))
            let room = box.content.count
            let fileSize = source.count
            func field(_ offset: Int, width: Int = 4) -> Int? {
                guard offset + width <= header.count else { return nil }
                return header.withUnsafeBufferPointer { Int(ISOBoxes.bigEndian($0, at: offset, width: width)) }
            }
            func refuse(_ declared: Int, _ what: String) -> VideoError {
                .sampleTable(box: box.type, declared: declared, what: what, fileSize: fileSize)
            }
            switch table {
            case .entries(let entryBytes, let headerBytes):
                guard let count = field(4) else { return }
                let bytes = count.multipliedReportingOverflow(by: entryBytes)
                guard !bytes.overflow, bytes.partialValue <= room - headerBytes else { throw refuse(count, "entries") }
            case .sampleSizes:
                // version+flags, one size for every sample (0: a size each), the count.
                guard let size = field(4), let count = field(8) else { return }
                if size == 0 {
                    let bytes = count.multipliedReportingOverflow(by: 4)
                    guard !bytes.overflow, bytes.partialValue <= room - 12 else { throw refuse(count, "samples") }
                } else {
                    let bytes = count.multipliedReportingOverflow(by: size)
                    guard !bytes.overflow, bytes.partialValue <= fileSize || count <= MovieSampleTables.implicitSampleAllowance
                    else { throw refuse(count, "samples") }
                }
                try add(count, box)
            case .compactSampleSizes:
                guard let fieldBits = field(7, width: 1), let count = field(8) else { return }
                let bytes = count.multipliedReportingOverflow(by: max(fieldBits, 1))
                guard !bytes.overflow, (bytes.partialValue + 7) / 8 <= room - 12 else { throw refuse(count, "samples") }
                try add(count, box)
            case .trackRun:
                guard let flags = field(0), let count = field(4) else { return }
                // Each of duration, size, flags and composition offset, when present, is 4 bytes a sample.
                let perSample = 4 * (flags & 0xF00).nonzeroBitCount
                let headerBytes = 8 + (flags & 0x1 != 0 ? 4 : 0) + (flags & 0x4 != 0 ? 4 : 0)
                let bytes = count.multipliedReportingOverflow(by: perSample)
                guard !bytes.overflow, bytes.partialValue <= room - headerBytes,
                    count <= fileSize || count <= MovieSampleTables.implicitSampleAllowance
                else {
                    throw refuse(count, "samples")
                }
                try add(count, box)
            }
        }

        private mutating func add(_ count: Int, _ box: ISOBox) throws(VideoError) {
            samples += count
            guard samples <= MovieSampleTables.maxSamples else {
                throw .tooLarge(.videoSamples(samples, limit: MovieSampleTables.maxSamples))
            }
        }
    }

    /// The tables whose declared count FFmpeg allocates for, by how their entries are laid out.
    private enum SampleTable {
        /// A count at byte 4 of the content, then entries of `entryBytes` each after `headerBytes`.
        case entries(entryBytes: Int, headerBytes: Int)
        /// `stsz`: one size for all samples, or a 4-byte size each.
        case sampleSizes
        /// `stz2`: sizes packed in fields of 4, 8 or 16 bits.
        case compactSampleSizes
        /// A fragment's `trun`: optional per-sample fields chosen by its flags.
        case trackRun

        init?(type: String) {
            switch type {
            case "stts", "ctts", "co64": self = .entries(entryBytes: 8, headerBytes: 8)
            case "stsc": self = .entries(entryBytes: 12, headerBytes: 8)
            case "stco", "stss", "stps": self = .entries(entryBytes: 4, headerBytes: 8)
            case "elst": self = .entries(entryBytes: 12, headerBytes: 8)
            case "stsz": self = .sampleSizes
            case "stz2": self = .compactSampleSizes
            case "trun": self = .trackRun
            default: return nil
            }
        }
    }
}
