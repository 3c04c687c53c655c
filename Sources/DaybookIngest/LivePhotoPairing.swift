import DaybookCore
import DaybookImaging
import DaybookMetadata

/// Which photo and movie make an Apple Live Photo: the movie beside the photo, in the same
/// folder and with the same name before the extension (`IMG_0001.HEIC` + `IMG_0001.MOV`, or
/// `.mp4` as some exports convert it, in any case), that belongs to it:
///
/// 1. by the content identifier Apple writes in both (the photo's maker note,
///    `AppleMakerNote`; the movie's `com.apple.quicktime.content.identifier`): when both have
///    one, they decide, whatever the times say;
/// 2. where either has none, by capture times within `maximumSeconds`: the movie's creation
///    date (or `mvhd`) against the photo's capture time, in UTC when both know it, else as
///    the local clock times both wrote.
///
/// A photo has one Live Photo movie: where several beside it belong to it (`IMG_0001.MOV` and
/// a copy `IMG_0001.mov`), the first in name order is its movie and the others are entries of
/// their own, whichever file is read first.
enum LivePhotoPairing {
    static let movieExtensions: Set = ["mov", "mp4"]
    /// In order of preference.
    static let photoExtensions = ["heic", "heif", "jpg", "jpeg"]
    /// A Live Photo's movie begins about 1.5 s before the still; its creation date is the still's moment.
    static let maximumSeconds: Int64 = 3

    /// What pairing knows of the still.
    struct Still: Equatable {
        var contentIdentifier: String?
        var capturedLocal: LocalDateTime?
        var offsetSeconds: Int?

        init(contentIdentifier: String?, capturedLocal: LocalDateTime?, offsetSeconds: Int?) {
            self.contentIdentifier = contentIdentifier
            self.capturedLocal = capturedLocal
            self.offsetSeconds = offsetSeconds
        }

        init(_ metadata: PhotoMetadata) {
            self.init(
                contentIdentifier: metadata.contentIdentifier, capturedLocal: metadata.capture?.local,
                offsetSeconds: metadata.capture?.offset?.seconds)
        }

        /// The still's metadata from its bytes (a JPEG or a HEIF); nil for anything else.
        init?(bytes: [UInt8]) {
            switch FileKind(prefix: bytes.prefix(FileKind.prefixLength)) {
            case .jpeg: self.init(ExifReader.read(jpeg: bytes))
            case .heif:
                guard let exif = (try? HEIFFile(bytes))?.exif else {
                    self.init(contentIdentifier: nil, capturedLocal: nil, offsetSeconds: nil)
                    return
                }
                self.init(ExifReader.read(heifExifItem: exif))
            default: return nil
            }
        }
    }

    static func movies(besidePhoto path: String) -> [String] {
        guard photoExtensions.contains(SkipKind.fileExtension(path)) else { return [] }
        return RAWPairing.siblings(of: path, extensions: movieExtensions).sorted()
    }

    static func photos(besideMovie path: String) -> [String] {
        RAWPairing.siblings(of: path, preferring: photoExtensions)
    }

    static func isMovieName(_ path: String) -> Bool { movieExtensions.contains(SkipKind.fileExtension(path)) }

    static func belong(_ still: Still, _ movie: LivePhotoMovie) -> Bool {
        if let photoID = still.contentIdentifier, let movieID = movie.contentIdentifier { return photoID == movieID }
        guard let local = still.capturedLocal else { return false }
        if let offset = still.offsetSeconds, let movieUTC = movie.capturedUTC {
            return abs(local.unixSeconds(offsetSeconds: offset) - movieUTC) <= maximumSeconds
        }
        // Otherwise the clocks as they read: the same phone wrote both.
        guard let movieLocal = movie.creationLocal else { return false }
        return abs(local.unixSeconds(offsetSeconds: 0) - movieLocal.unixSeconds(offsetSeconds: 0)) <= maximumSeconds
    }
}
