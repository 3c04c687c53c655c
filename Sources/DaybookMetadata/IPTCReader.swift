import DaybookCore

/// Reads IPTC-IIM DateCreated (2:55, `CCYYMMDD`) and TimeCreated (2:60, `HHMMSS±HHMM`) from
/// a JPEG's Photoshop segment (APP13 `Photoshop 3.0`), the way older newsroom and scanning
/// software keep a photo's date.
///
/// The segment is a list of image resource blocks: `8BIM`, a 2-byte id, a Pascal name padded
/// to an even length, a 4-byte size and the data padded to an even length. Resource 0x0404
/// holds the IIM records: `1C`, record, dataset, a 2-byte length (or, with its top bit set,
/// the number of length bytes that follow), the data. Every length is checked against what
/// is left; a block that does not fit ends the reading with a warning.
package enum IPTCReader {
    static let photoshopSignature = Array("Photoshop 3.0\0".utf8)
    private static let resourceSignature = Array("8BIM".utf8)
    private static let iimResource: UInt16 = 0x0404

    /// `photoshop`: the APP13 segments' data after their `Photoshop 3.0\0` signature, joined.
    package static func read(photoshopResources photoshop: [UInt8]) -> MetadataReading {
        var reading = MetadataReading()
        guard let iim = iimData(in: photoshop, warnings: &reading.warnings) else { return reading }
        let datasets = dateDatasets(in: iim, warnings: &reading.warnings)
        reading.capture = captureTime(date: datasets.date, time: datasets.time, warnings: &reading.warnings)
        return reading
    }

    private static func iimData(in bytes: [UInt8], warnings: inout [String]) -> ArraySlice<UInt8>? {
        var index = 0
        while index + 4 <= bytes.count, bytes[index..<index + 4].elementsEqual(resourceSignature) {
            guard index + 7 <= bytes.count else { break }
            let id = UInt16(bytes[index + 4]) << 8 | UInt16(bytes[index + 5])
            let nameLength = Int(bytes[index + 6])
            let sizeAt = index + 6 + (nameLength + 2) / 2 * 2  // length byte plus name, even
            guard sizeAt + 4 <= bytes.count else { break }
            let size = bytes[sizeAt..<sizeAt + 4].reduce(0) { $0 << 8 | Int($1) }
            let dataAt = sizeAt + 4
            guard size <= bytes.count - dataAt else {
                warnings.append(
                    "Photoshop resource 0x\(String(id, radix: 16)) claims \(size) bytes, more than the segment holds; IPTC ignored")
                return nil
            }
            if id == iimResource { return bytes[dataAt..<dataAt + size] }
            index = dataAt + (size + 1) / 2 * 2
        }
        return nil
    }

    private static func dateDatasets(in iim: ArraySlice<UInt8>, warnings: inout [String]) -> (date: String?, time: String?) {
        var date: String?, time: String?
        var index = iim.startIndex
        while index + 5 <= iim.endIndex, iim[index] == 0x1C {
            let record = iim[index + 1], dataset = iim[index + 2]
            var length = Int(iim[index + 3]) << 8 | Int(iim[index + 4])
            index += 5
            if length & 0x8000 != 0 {
                // Extended dataset: the low bits count the length bytes that follow.
                let count = length & 0x7FFF
                guard (1...4).contains(count), index + count <= iim.endIndex else { break }
                length = iim[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
                index += count
            }
            guard length <= iim.endIndex - index else {
                warnings.append("IPTC dataset \(record):\(dataset) claims \(length) bytes, more than its record holds; the rest ignored")
                break
            }
            let value = String(decoding: iim[index..<index + length], as: UTF8.self).trimmingSpaces
            if record == 2, dataset == 55, date == nil { date = value }
            if record == 2, dataset == 60, time == nil { time = value }
            index += length
        }
        return (date, time)
    }

    /// The two datasets as one capture time. A date without a time is refused, as for XMP.
    private static func captureTime(date: String?, time: String?, warnings: inout [String]) -> CaptureTime? {
        guard let date else {
            if let time { warnings.append("IPTC TimeCreated \(ExifReader.quoted(time)) without a DateCreated; ignored") }
            return nil
        }
        guard let time else {
            warnings.append("IPTC DateCreated \(ExifReader.quoted(date)) has no TimeCreated; ignored")
            return nil
        }
        let clock = time.prefix(6), zone = time.dropFirst(6)
        guard date.count == 8, clock.count == 6, (date + clock).allSatisfy(\.isASCIIDigit),
            let local = LocalDateTime(
                exif: "\(date.prefix(4)):\(date.dropFirst(4).prefix(2)):\(date.suffix(2)) "
                    + "\(clock.prefix(2)):\(clock.dropFirst(2).prefix(2)):\(clock.suffix(2))")
        else {
            warnings.append(
                "IPTC DateCreated \(ExifReader.quoted(date)) with TimeCreated \(ExifReader.quoted(time)) is not a usable date; ignored")
            return nil
        }
        var capture = CaptureTime(local: local, source: .iptc)
        if !zone.isEmpty {
            capture.offset = XMPValues.offset(zone)
            if capture.offset == nil {
                warnings.append("IPTC TimeCreated \(ExifReader.quoted(time)) has an unusable time zone; offset ignored")
            }
        }
        return capture
    }
}
