import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookMetadata
import DaybookStore
import Foundation

/// One input from outside that Daybook parses, as a function from bytes to an outcome.
/// The libFuzzer entry point and the replay mode both call `run`, so a file the fuzzer
/// saved reproduces through exactly the code it was found with.
enum FuzzTarget: String, CaseIterable {
    /// Photo bytes -> metadata, thumbnail, colour tags: the analyzer `Ingester` calls on
    /// every file it reads, with no file system and no store.
    case photo
    /// An `export json` file -> the importer's whole check (types, ids, hashes, thumbnail
    /// names and bytes, sizes), which runs before `import` writes anything.
    case `import`
    /// An XMP packet or sidecar -> its date and place (`XMPReader`): the size, encoding and
    /// DOCTYPE checks, XMLParser (libxml2) with the property collector, the value parsers.
    case xmp
    /// A journal file (`LIBRARY/journal/…md`, docs/design/writing.md), which another device or
    /// a hand edit may have written -> its entry (`JournalFileParser`): the size, NUL and UTF-8
    /// checks, the front matter's lines and every value's parser.
    case journal
    /// A sidecar another tool wrote -> Daybook's fields merged into it (`XMPSidecarWriter`):
    /// the reader's checks, the byte scanner, the splices and the read-back. A second merge of
    /// the result must change no byte, or the process traps.
    case sidecar
    /// QuickTime/MP4 bytes -> the sample tables' counts checked by Daybook's box walker
    /// (`MovieSampleTables`), then FFmpeg's demuxer through `VideoFile` and a small poster:
    /// the container path a video or a motion photo's clip takes, without the photo readers.
    case movie

    /// What the input did, in one line. Crashes, traps and hangs are what the fuzzer looks
    /// for; a rejection is a correct answer to a hostile input.
    func run(_ bytes: [UInt8]) -> String {
        switch self {
        case .photo:
            do {
                let analysis = try PhotoAnalyzer().analyze(bytes)
                let thumbnail = analysis.thumbnail.map { "\($0.image.width)x\($0.image.height)" } ?? "none"
                let warnings = analysis.warnings.isEmpty ? "" : "; warnings: " + analysis.warnings.joined(separator: "; ")
                return "analyzed: thumbnail \(thumbnail), \(analysis.tags.count) tag(s)\(warnings)"
            } catch {
                return "rejected: \(error.reason)"
            }
        case .import:
            do {
                let archive = try JournalArchive.decodeAndValidate(Data(bytes))
                return "accepted: \(archive.items.count) item(s)"
            } catch {
                return "refused: \(error)"
            }
        case .xmp:
            let reading = XMPReader.read(bytes, origin: .sidecar)
            let date = reading.capture.map { $0.local.iso8601 + ($0.offset.map { " \($0.formatted)" } ?? "") } ?? "none"
            let place = reading.location.map { String(format: "%.6f, %.6f", $0.latitude, $0.longitude) } ?? "none"
            let warnings = reading.warnings.isEmpty ? "" : "; warnings: " + reading.warnings.joined(separator: "; ")
            return "read: date \(date), place \(place)\(warnings)"
        case .journal:
            do {
                let file = try JournalFileParser.parse(Data(bytes))
                return "read: \(file.id), \(file.date.iso8601), \(file.tags.count) tag(s), \(file.text.utf8.count) bytes of text"
            } catch {
                return "refused: \(error)"
            }
        case .movie:
            do {
                let video = try VideoFile(bytes)
                let poster = try video.poster(longestSide: 64, budget: .shared)
                return "read: \(video.codec) \(video.size.width)x\(video.size.height), poster \(poster.width)x\(poster.height)"
            } catch {
                return "refused: \(error)"
            }
        case .sidecar:
            let tagName = { (keyword: String) in try? JournalTag.normalizedName(keyword) }
            do {
                let merged = try XMPSidecarWriter.merge(bytes, Self.sidecarFields, tagName: tagName)
                let again = try? XMPSidecarWriter.merge(merged, Self.sidecarFields, tagName: tagName)
                precondition(again == merged, "a second merge of the same fields changed the sidecar")
                return "merged: \(bytes.count) -> \(merged.count) bytes"
            } catch {
                return "refused: \(error)"
            }
        }
    }

    /// Every field set, the text with characters XML must escape and a carriage return.
    static let sidecarFields = XMPSidecarFields(
        text: .set("Lunch <by> the \"river\" & more\r\nsecond line"), tags: .set(["paris", "new-york"]),
        date: .set(
            XMPSidecarDate(local: LocalDateTime(iso: "2024-05-17T12:30:05")!, offset: UTCOffset(seconds: 3600, source: .exifOffsetTag))),
        location: .set(GeoLocation(latitude: -33.5, longitude: 151.25)))

    /// `--target=NAME` anywhere in the arguments (libFuzzer ignores flags that start with
    /// `--` and passes them on to the processes it forks); `photo` when absent.
    static func chosen(by arguments: [String]) throws(UsageError) -> FuzzTarget {
        let prefix = "--target="
        guard let flag = arguments.last(where: { $0.hasPrefix(prefix) }) else { return .photo }
        let name = String(flag.dropFirst(prefix.count))
        guard let target = FuzzTarget(rawValue: name) else {
            throw UsageError("unknown target '\(name)'; targets: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
