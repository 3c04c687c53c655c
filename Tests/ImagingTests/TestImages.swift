import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

enum TestImages {
    /// Gradients, blocky shapes and per-pixel noise: compresses like a photo (large, busy
    /// entropy-coded data), so a byte cut lands in the middle of the scan.
    static func photo(width: Int, height: Int, seed: UInt64 = 42) -> RGBImage {
        var rng = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            for y in 0..<height {
                let g = y * 255 / max(1, height - 1)
                for x in 0..<width {
                    let noise = rng.next()
                    let r = x * 255 / max(1, width - 1)
                    let b = ((x / 37 + y / 23) % 2) * 80 + 60
                    p[i] = clamp(r + Int(noise & 31) - 16)
                    p[i + 1] = clamp(g + Int((noise >> 8) & 31) - 16)
                    p[i + 2] = clamp(b + Int((noise >> 16) & 31) - 16)
                    i += 3
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Left half red, right half blue: survives any scale, so decoded content can be checked.
    static func halves(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height, fill: (0, 0, 255))
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<(width / 2) {
                    let i = (y * width + x) * 3
                    p[i] = 255
                    p[i + 2] = 0
                }
            }
        }
        return image
    }

    static func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }

    static func jpeg(_ image: RGBImage, quality: Int = 90) throws -> [UInt8] {
        try JPEGEncoder.encode(image, quality: quality)
    }

    /// Offset of the first marker `code` (FF code) among the segments before the scan.
    static func markerOffset(_ jpeg: [UInt8], _ code: UInt8) -> Int? {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            if jpeg[i + 1] == code { return i }
            if jpeg[i + 1] == 0xDA { return nil }
            i += 2 + Int(jpeg[i + 2]) << 8 + Int(jpeg[i + 3])
        }
        return nil
    }

    /// SOF0 is FF C0, length(2), precision(1), height(2), width(2).
    static func patchingFrameSize(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let sof = try XCTUnwrap(markerOffset(jpeg, 0xC0), "no SOF0 marker")
        var patched = jpeg
        patched[sof + 5] = UInt8(height >> 8)
        patched[sof + 6] = UInt8(height & 0xFF)
        patched[sof + 7] = UInt8(width >> 8)
        patched[sof + 8] = UInt8(width & 0xFF)
        return patched
    }

    static func ppm(_ image: RGBImage) -> Data {
        var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
        data.append(contentsOf: image.pixels)
        return data
    }

    static func ppmPixels(_ data: Data) throws -> RGBImage {
        // Binary PPM as djpeg writes it: "P6\n<w> <h>\n255\n" then the samples.
        let bytes = [UInt8](data)
        var fields: [String] = []
        var i = 0
        while fields.count < 4 {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A { i += 1 }
            let start = i
            while i < bytes.count, bytes[i] != 0x20, bytes[i] != 0x0A { i += 1 }
            fields.append(String(decoding: bytes[start..<i], as: UTF8.self))
        }
        i += 1
        let width = try XCTUnwrap(Int(fields[1]))
        let height = try XCTUnwrap(Int(fields[2]))
        return RGBImage(width: width, height: height, pixels: Array(bytes[i...]))
    }
}

enum Tools {
    /// Runs /usr/bin/<tool> on `input` written to a temporary file; nil when not installed.
    static func run(_ tool: String, _ arguments: [String], input: Data) throws -> Data? {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let file = TemporaryFolder.unusedPath("imaging")
        try input.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments + [file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
func XCTAssertThrowsImagingError<T>(
    _ expression: @autoclosure () throws(ImagingError) -> T,
    file: StaticString = #filePath, line: UInt = #line,
    _ check: (ImagingError) -> Void
) {
    do {
        let value = try expression()
        XCTFail("expected an ImagingError, got \(value)", file: file, line: line)
    } catch {
        check(error)
    }
}
