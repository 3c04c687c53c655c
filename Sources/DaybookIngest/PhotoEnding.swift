import DaybookImaging

/// Whether a photo's bytes stop before the photo does, in either format the ingester reads:
/// a JPEG before its end-of-image marker (`JPEGEnding`), a HEIF inside a box or before its
/// items' data (`ISOMediaEnding`), a PNG, WebP or GIF before its end (`StillEnding`). Each
/// check says false for the others' bytes, so asking all costs a few byte comparisons.
package enum PhotoEnding {
    package static func endsEarly(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JPEGEnding.endsEarly($0) || ISOMediaEnding.endsEarly($0) || StillEnding.endsEarly($0) }
    }
}
