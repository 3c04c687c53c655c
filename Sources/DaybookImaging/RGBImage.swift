/// 8-bit RGB pixels, row-major and interleaved (r, g, b, r, g, b, …), no row padding.
package struct RGBImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size \(width)x\(height)")
        precondition(
            pixels.count == width * height * 3,
            "\(pixels.count) bytes do not make a \(width)x\(height) RGB image")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8)) {
        precondition(width >= 0 && height >= 0, "negative image size \(width)x\(height)")
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                buffer[i] = fill.r
                buffer[i + 1] = fill.g
                buffer[i + 2] = fill.b
                i += 3
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }
}
