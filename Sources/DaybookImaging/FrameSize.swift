/// Width and height in pixels, as a JPEG's SOF marker declares them.
package struct FrameSize: Sendable, Equatable, Codable {
    package let width: Int
    package let height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var pixelCount: Int { width * height }
}
