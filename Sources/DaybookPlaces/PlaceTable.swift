import DaybookEmbedded

/// The place table `scripts/derive_places.py` writes (`Sources/DaybookPlaces/places.bin`), read
/// in place from the binary's read-only data: opening it checks the header and the section
/// bounds and copies nothing, so it costs next to nothing and only the pages a lookup touches
/// become resident.
///
/// Layout (little-endian): `DBKPLACE`, then u32 format, version and sources (string offsets),
/// grid columns and rows, place, name-key and border-ring counts, then (offset, length) of
/// nine sections, each 8-byte aligned: strings (u8 length + UTF-8), places (24 bytes each,
/// sorted by grid cell; see `Record`), cell starts (u32 × cells + 1), region names, countries, time zones,
/// name keys (sorted by folded name), border rings and their points.
// @unchecked: `base` points into the binary's read-only data, which nothing ever writes.
struct PlaceTable: @unchecked Sendable {
    /// One populated place as stored.
    struct Record {
        /// Degrees × 100,000.
        var latitudeE5: Int32
        var longitudeE5: Int32
        var name: UInt32
        var population: UInt32
        /// Index into `regions`, or `noRegion`.
        var region: UInt16
        var zone: UInt16
        var country: UInt8
        /// Metres: the radius of a disc holding the population at 20,000 per km² (see
        /// `Gazetteer.nearest`).
        var reachMetres: UInt16
    }

    /// One closed ring of a country's border, with its bounding box.
    struct Ring {
        var country: Int
        var latitudes: ClosedRange<Int32>
        var longitudes: ClosedRange<Int32>
        var firstPoint: Int
        var pointCount: Int
    }

    static let format: UInt32 = 1
    static let scale = 100_000.0
    static let noRegion: UInt16 = 0xFFFF
    static let noZone: UInt16 = 0xFFFF
    static let placeSize = 24
    static let ringSize = 28

    private enum Section: Int, CaseIterable {
        case strings, places, cells, regions, countries, zones, names, rings, points
    }

    private let base: UnsafeRawPointer
    private let sections: [(offset: Int, length: Int)]
    let version: String
    let sources: String
    let columns: Int
    let rows: Int
    let placeCount: Int
    let nameCount: Int
    let ringCount: Int

    /// The table linked into this binary.
    static func embedded() throws(PlaceDataError) -> PlaceTable {
        guard let file = EmbeddedFiles.places.file("Sources/DaybookPlaces/places.bin") else {
            throw .unreadable("no place table in this binary")
        }
        return try PlaceTable(file.bytes)
    }

    init(_ bytes: UnsafeRawBufferPointer) throws(PlaceDataError) {
        let headerSize = 8 + 8 * 4 + Section.allCases.count * 8
        guard let start = bytes.baseAddress, bytes.count >= headerSize, bytes.starts(with: Array("DBKPLACE".utf8)) else {
            throw .unreadable("the place table has no DBKPLACE header")
        }
        base = start
        func word(_ index: Int) -> Int { Int(start.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self).littleEndian) }
        guard word(0) == Self.format else { throw .unreadable("place table format \(word(0)), this daybook reads \(Self.format)") }
        let sections = Section.allCases.map { section in (offset: word(8 + 2 * section.rawValue), length: word(9 + 2 * section.rawValue)) }
        self.sections = sections
        guard sections.allSatisfy({ $0.offset >= headerSize && $0.offset + $0.length <= bytes.count }) else {
            throw .unreadable("a section of the place table lies outside it")
        }
        (columns, rows, placeCount, nameCount, ringCount) = (word(3), word(4), word(5), word(6), word(7))
        let expected: [Section: Int] = [
            .places: placeCount * Self.placeSize, .cells: (columns * rows + 1) * 4, .names: nameCount * 8,
            .rings: ringCount * Self.ringSize,
        ]
        guard expected.allSatisfy({ sections[$0.key.rawValue].length == $0.value }) else {
            throw .unreadable("the place table's sections do not match its counts")
        }
        let strings = sections[Section.strings.rawValue]
        func text(_ offset: Int) throws(PlaceDataError) -> String {
            guard offset < strings.length else { throw .unreadable("the place table's version is missing") }
            let length = Int(start.load(fromByteOffset: strings.offset + offset, as: UInt8.self))
            guard offset + 1 + length <= strings.length else { throw .unreadable("the place table's version is cut off") }
            return String(decoding: UnsafeRawBufferPointer(start: start + strings.offset + offset + 1, count: length), as: UTF8.self)
        }
        version = try text(word(1))
        sources = try text(word(2))
    }

    private func u32(_ section: Section, _ byteOffset: Int) -> UInt32 {
        base.loadUnaligned(fromByteOffset: sections[section.rawValue].offset + byteOffset, as: UInt32.self).littleEndian
    }

    private func i32(_ section: Section, _ byteOffset: Int) -> Int32 { Int32(bitPattern: u32(section, byteOffset)) }

    private func u16(_ section: Section, _ byteOffset: Int) -> UInt16 {
        base.loadUnaligned(fromByteOffset: sections[section.rawValue].offset + byteOffset, as: UInt16.self).littleEndian
    }

    /// The bytes of the string at `offset` in the strings section.
    func stringBytes(_ offset: UInt32) -> UnsafeRawBufferPointer {
        let start = sections[Section.strings.rawValue].offset + Int(offset)
        let length = Int(base.load(fromByteOffset: start, as: UInt8.self))
        return UnsafeRawBufferPointer(start: base + start + 1, count: length)
    }

    func string(_ offset: UInt32) -> String { String(decoding: stringBytes(offset), as: UTF8.self) }

    // MARK: Records

    func place(_ index: Int) -> Record {
        let at = index * Self.placeSize
        return Record(
            latitudeE5: i32(.places, at), longitudeE5: i32(.places, at + 4), name: u32(.places, at + 8),
            population: u32(.places, at + 12), region: u16(.places, at + 16), zone: u16(.places, at + 18),
            country: base.load(fromByteOffset: sections[Section.places.rawValue].offset + at + 20, as: UInt8.self),
            reachMetres: u16(.places, at + 22))
    }

    /// How far a place's name carries, in metres (see `Record.reachMetres`).
    func reachMetres(_ index: Int) -> UInt16 { u16(.places, index * Self.placeSize + 22) }

    /// Latitude and longitude of a place, without reading the rest of its record.
    func position(_ index: Int) -> (latitudeE5: Int32, longitudeE5: Int32) {
        (i32(.places, index * Self.placeSize), i32(.places, index * Self.placeSize + 4))
    }

    /// The places of grid cell `cell` (row × columns + column) as a range of place indexes.
    func places(inCell cell: Int) -> Range<Int> { Int(u32(.cells, cell * 4))..<Int(u32(.cells, cell * 4 + 4)) }

    func regionName(_ index: UInt16) -> String? { index == Self.noRegion ? nil : string(u32(.regions, Int(index) * 4)) }

    func zoneName(_ index: UInt16) -> String? { index == Self.noZone ? nil : string(u32(.zones, Int(index) * 4)) }

    /// A country's name, ISO 3166 code and, when all its places share one, its time zone.
    func country(_ index: Int) -> (name: String, code: String, zone: UInt16) {
        let at = index * 8
        let code = UnsafeRawBufferPointer(start: base + sections[Section.countries.rawValue].offset + at + 4, count: 2)
        return (string(u32(.countries, at)), String(decoding: code, as: UTF8.self), u16(.countries, at + 6))
    }

    var countryCount: Int { sections[Section.countries.rawValue].length / 8 }

    /// Name key `index`: the spelling (name or alternate name) and the place it names.
    func nameKey(_ index: Int) -> (spelling: UInt32, place: Int) {
        (u32(.names, index * 8), Int(u32(.names, index * 8 + 4)))
    }

    func ring(_ index: Int) -> Ring {
        let at = index * Self.ringSize
        return Ring(
            country: Int(u16(.rings, at)), latitudes: i32(.rings, at + 4)...i32(.rings, at + 8),
            longitudes: i32(.rings, at + 12)...i32(.rings, at + 16), firstPoint: Int(u32(.rings, at + 20)),
            pointCount: Int(u32(.rings, at + 24)))
    }

    func point(_ index: Int) -> (latitudeE5: Int32, longitudeE5: Int32) { (i32(.points, index * 8), i32(.points, index * 8 + 4)) }
}

/// The embedded place table could not be read: a build made with a damaged or foreign
/// `places.bin`.
public struct PlaceDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    static func unreadable(_ message: String) -> PlaceDataError { PlaceDataError(description: message) }
}
