/// Width and height in pixels, as a JPEG's SOF marker declares them.
public struct FrameSize: Sendable, Equatable, Codable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var pixelCount: Int { width * height }
}
