import ArgumentParser

/// `--size WxH`: the pixel size of generated photos.
package struct PixelSize: ExpressibleByArgument, Sendable, Equatable {
    package var width: Int
    package var height: Int

    /// Large enough for a camera's thumbnail, small enough to fit in memory.
    package static let sides = 16...20_000

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `4000x3000` (or `4000X3000`).
    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            Self.sides.contains(width), Self.sides.contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    package var defaultValueDescription: String { description }

    package var description: String { "\(width)x\(height)" }
}
