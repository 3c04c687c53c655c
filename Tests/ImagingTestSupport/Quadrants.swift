import DaybookImaging

/// A picture whose four quadrants have four distinct colours: after any turn or mirror, the
/// colour in one corner says which way up the picture is.
package enum Quadrants {
    package typealias Colour = (r: UInt8, g: UInt8, b: UInt8)

    package static let topLeft: Colour = (220, 30, 30)
    package static let topRight: Colour = (30, 200, 30)
    package static let bottomLeft: Colour = (30, 30, 220)
    package static let bottomRight: Colour = (230, 230, 40)

    package static func image(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let colour: Colour
                switch (x < width / 2, y < height / 2) {
                case (true, true): colour = topLeft
                case (false, true): colour = topRight
                case (true, false): colour = bottomLeft
                case (false, false): colour = bottomRight
                }
                pixels += [colour.r, colour.g, colour.b]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The colour of `image` at the middle of the quadrant `corner` names, within `tolerance`
    /// per channel of `expected`.
    package static func matches(_ image: RGBImage, atQuadrant corner: (right: Bool, bottom: Bool), _ expected: Colour, tolerance: Int = 40)
        -> Bool
    {
        let x = corner.right ? image.width * 3 / 4 : image.width / 4
        let y = corner.bottom ? image.height * 3 / 4 : image.height / 4
        let p = image.pixel(x: x, y: y)
        return abs(Int(p.r) - Int(expected.r)) <= tolerance && abs(Int(p.g) - Int(expected.g)) <= tolerance
            && abs(Int(p.b) - Int(expected.b)) <= tolerance
    }

    /// Whether `image` shows the quadrants the right way up.
    package static func isUpright(_ image: RGBImage) -> Bool {
        matches(image, atQuadrant: (false, false), topLeft) && matches(image, atQuadrant: (true, false), topRight)
            && matches(image, atQuadrant: (false, true), bottomLeft) && matches(image, atQuadrant: (true, true), bottomRight)
    }
}
