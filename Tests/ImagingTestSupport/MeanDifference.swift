import DaybookImaging

/// How far a decoded picture is from the one another decoder (heif-convert, ffmpeg) shows.
extension RGBImage {
    /// The mean absolute difference per sample (0…255) from `other`; infinity, which no
    /// tolerance accepts, when the two differ in width or height (a picture turned sideways).
    package func meanDifference(_ other: RGBImage) -> Double {
        guard width == other.width && height == other.height else { return .infinity }
        return meanDifference(other.pixels)
    }

    /// The same against RGB samples from elsewhere (a frame ffmpeg wrote); infinity when their
    /// count differs or there are none.
    package func meanDifference(_ samples: [UInt8]) -> Double {
        guard pixels.count == samples.count, !samples.isEmpty else { return .infinity }
        var total = 0
        for index in 0..<samples.count { total += abs(Int(pixels[index]) - Int(samples[index])) }
        return Double(total) / Double(samples.count)
    }
}
