extension RGBImage {
    /// Below this luma (0–255) a bar pixel counts as black, with room for JPEG's ringing.
    static let barLuma = 48
    /// The bars' mean luma must stay below this: black with noise, not a dark photo's edge.
    static let barMeanLuma = 16

    /// The picture inside an embedded preview, at the shape of the main image `frame`.
    ///
    /// Cameras keep one thumbnail size (160×120) whatever the photo's shape, and fit a 3:2 or
    /// 16:9 photo into it with black bars. When the preview's shape differs from `frame`'s
    /// by more than `tolerance`, the centred part with `frame`'s shape is kept, but only if
    /// everything cut off is black; otherwise the preview shows something other than the
    /// photo (squeezed, cropped differently) and nil says so. The row or column next to the
    /// picture is not judged: rounding puts half a picture row there, and ringing.
    func withoutBars(toShapeOf frame: FrameSize, tolerance: Double) -> RGBImage? {
        guard width > 0, height > 0, frame.width > 0, frame.height > 0 else { return nil }
        let target = Double(frame.width) / Double(frame.height)
        let shape = Double(width) / Double(height)
        if abs(shape / target - 1) <= tolerance { return self }
        var keep = (x: 0, y: 0, width: width, height: height)
        if shape > target {
            keep.width = Int((Double(height) * target).rounded())
            keep.x = (width - keep.width) / 2
        } else {
            keep.height = Int((Double(width) / target).rounded())
            keep.y = (height - keep.height) / 2
        }
        guard keep.width > 0, keep.height > 0, barsAreBlack(around: keep) else { return nil }
        return cropped(x: keep.x, y: keep.y, width: keep.width, height: keep.height)
    }

    private func barsAreBlack(around keep: (x: Int, y: Int, width: Int, height: Int)) -> Bool {
        var sum = 0
        var count = 0
        for y in 0..<height {
            let insideRows = y >= keep.y - 1 && y <= keep.y + keep.height
            for x in 0..<width {
                let insideColumns = x >= keep.x - 1 && x <= keep.x + keep.width
                if insideRows && insideColumns { continue }
                let p = pixel(x: x, y: y)
                let luma = (299 * Int(p.r) + 587 * Int(p.g) + 114 * Int(p.b)) / 1000
                if luma > Self.barLuma { return false }
                sum += luma
                count += 1
            }
        }
        return count > 0 && sum / count < Self.barMeanLuma
    }

    /// The rectangle at (`x`, `y`) of `width`×`height`, which must lie inside the image.
    func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> RGBImage {
        precondition(x >= 0 && y >= 0 && x + cropWidth <= width && y + cropHeight <= height, "crop outside the image")
        var out = [UInt8]()
        out.reserveCapacity(cropWidth * cropHeight * 3)
        for row in y..<(y + cropHeight) {
            let start = (row * width + x) * 3
            out.append(contentsOf: pixels[start..<(start + cropWidth * 3)])
        }
        return RGBImage(width: cropWidth, height: cropHeight, pixels: out)
    }
}
