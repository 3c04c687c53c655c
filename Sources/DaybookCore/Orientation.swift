/// EXIF Orientation: how the stored pixels must be turned to show the photo upright.
/// The names are the ones Apple's image frameworks use for the same eight values.
public enum Orientation: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: flipped top to bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored, then rotated 90° counter-clockwise).
    case leftMirrored = 5
    /// 6: to be rotated 90° clockwise to show.
    case right = 6
    /// 7: transversed (mirrored, then rotated 90° clockwise).
    case rightMirrored = 7
    /// 8: to be rotated 90° counter-clockwise to show.
    case left = 8

    /// Whether showing the photo swaps its width and height (5–8).
    public var swapsAxes: Bool { rawValue >= 5 }
}
