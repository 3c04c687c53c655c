import DaybookCore

extension RGBImage {
    /// The image as a viewer shows it when the file carries EXIF Orientation `orientation`:
    /// 2 mirror, 3 rotate 180°, 4 flip, 5 transpose, 6 rotate 90° clockwise, 7 transverse,
    /// 8 rotate 90° counter-clockwise. 5–8 swap width and height.
    package func oriented(_ orientation: Orientation) -> RGBImage {
        guard orientation != .up, width > 0, height > 0 else {
            return self
        }
        let swapsAxes = orientation.swapsAxes
        let outWidth = swapsAxes ? height : width
        let outHeight = swapsAxes ? width : height
        let w = width
        let h = height

        // Every output row reads the source along a straight line; only its start and step
        // (in pixels) depend on the orientation, so the inner loop has no switch.
        func sourceLine(outputRow y: Int) -> (start: Int, step: Int) {
            switch orientation {
            case .up: return (y * w, 1)
            case .upMirrored: return (y * w + w - 1, -1)
            case .down: return ((h - 1 - y) * w + w - 1, -1)
            case .downMirrored: return ((h - 1 - y) * w, 1)
            case .leftMirrored: return (y, w)
            case .right: return ((h - 1) * w + y, -w)
            case .rightMirrored: return ((h - 1) * w + (w - 1 - y), -w)
            case .left: return (w - 1 - y, w)
            }
        }

        let pixels = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 3) { out, count in
            self.pixels.withUnsafeBufferPointer { src in
                let source = src.baseAddress!
                var target = out.baseAddress!
                for y in 0..<outHeight {
                    let line = sourceLine(outputRow: y)
                    var p = source + line.start * 3
                    let step = line.step * 3
                    for _ in 0..<outWidth {
                        target[0] = p[0]
                        target[1] = p[1]
                        target[2] = p[2]
                        target += 3
                        p += step
                    }
                }
            }
            count = outWidth * outHeight * 3
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: pixels)
    }
}
