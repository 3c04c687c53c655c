import CHeif
import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// Writes HEIF files with libheif's own encoder (x265 for HEVC, aom for AVIF), so a test can
/// have exactly the transform, thumbnail or Exif layout it is about. heif-enc cannot: the
/// Debian 12 one writes no `irot`/`imir` (it copies a JPEG's EXIF Orientation and leaves the
/// pixels as stored).
struct HEIFWriter {
    /// Written as `irot`/`imir` boxes by libheif (heif_encoding_options.image_orientation).
    var orientation = heif_orientation_normal
    /// The Exif item's bytes exactly as stored, offset field included.
    var exifItem: [UInt8]?
    /// A second picture stored as the thumbnail item, scaled by libheif into `bbox`.
    var thumbnail: (image: RGBImage, bbox: Int)?
    var codec = heif_compression_HEVC
    /// Odd sizes cropped with a `clap` box rather than libheif's default grid wrapper.
    var cleanApertureCrop = false

    func encode(_ image: RGBImage) throws -> [UInt8] {
        let context = try XCTUnwrap(heif_context_alloc())
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, codec, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, 95))
        let options = try XCTUnwrap(heif_encoding_options_alloc())
        defer { heif_encoding_options_free(options) }
        options.pointee.image_orientation = orientation
        options.pointee.macOS_compatibility_workaround = cleanApertureCrop ? 0 : 1

        let picture = try Self.heifImage(image)
        defer { heif_image_release(picture) }
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, picture, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        if let thumbnail {
            let small = try Self.heifImage(thumbnail.image)
            defer { heif_image_release(small) }
            var thumbnailHandle: OpaquePointer?
            try check(heif_context_encode_thumbnail(context, small, handle, encoder, options, Int32(thumbnail.bbox), &thumbnailHandle))
            heif_image_handle_release(thumbnailHandle)
        }
        if let exifItem {
            try check(heif_context_add_generic_metadata(context, handle, exifItem, Int32(exifItem.count), "Exif", nil))
        }
        let folder = try TemporaryFolder.make("heif-writer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.heic")
        try check(heif_context_write_to_file(context, file.path))
        return try [UInt8](Data(contentsOf: file))
    }

    static func heifImage(_ image: RGBImage) throws -> OpaquePointer {
        var created: OpaquePointer?
        try check(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &created))
        let picture = try XCTUnwrap(created)
        try check(heif_image_add_plane(picture, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8))
        var stride: Int32 = 0
        let plane = try XCTUnwrap(heif_image_get_plane(picture, heif_channel_interleaved, &stride))
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                (plane + y * Int(stride)).update(from: source.baseAddress! + y * image.width * 3, count: image.width * 3)
            }
        }
        return picture
    }
}

private func check(_ error: heif_error, file: StaticString = #filePath, line: UInt = #line) throws {
    guard error.code != heif_error_Ok else { return }
    let message = error.message.map { String(cString: $0) } ?? "?"
    XCTFail("libheif: \(message)", file: file, line: line)
    throw CocoaError(.fileWriteUnknown)
}

/// What a HEIF viewer shows: `heif-convert` (Debian's libheif-examples) applies the HEIF
/// transforms, so its output is the reference the tests compare pixels with.
enum HEIFConvert {
    static func shown(_ heif: [UInt8]) throws -> RGBImage {
        let folder = try TemporaryFolder.make("heif-convert")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.heic")
        let output = folder.appendingPathComponent("shown.jpg")
        try Data(heif).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/heif-convert")
        process.arguments = ["-q", "100", input.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            XCTFail("cannot run /usr/bin/heif-convert (scripts/setup.sh installs libheif-examples): \(error)")
            throw error
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "heif-convert failed")
        let jpeg = try [UInt8](Data(contentsOf: output))
        return try JPEGDecoder.decode(jpeg, minimumLongestSide: .max).image
    }
}
