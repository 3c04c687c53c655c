import DaybookImaging
import Foundation
import XCTest

/// Prints the cost of each thumbnail stage on a 12 MP photo. Meaningful with
/// `swift test -c release`; debug builds only print.
final class PerformanceTests: XCTestCase {
    func testTwelveMegapixelThumbnailStages() throws {
        let jpeg = try TestImages.jpeg(TestImages.photo(width: 4000, height: 3000), quality: 90)

        func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
            var timings: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return timings.sorted()[runs / 2]
        }

        var decoded: DecodedJPEG?
        let decode = try median(5) {
            decoded = try JPEGDecoder.decode(jpeg, minimumLongestSide: 400)
        }
        let image = try XCTUnwrap(decoded).image
        XCTAssertEqual(image.width, 500)
        var small = image
        let resize = median(21) { small = image.resized(toLongestSide: 400) }
        let encode = try median(11) { _ = try JPEGEncoder.encode(small) }
        let whole = try median(5) { _ = try ThumbnailMaker().make(from: jpeg, orientation: 6) }

        var djpeg = Double.nan
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("perf-12mp.jpg")
        try Data(jpeg).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/djpeg") {
            djpeg = try median(5) {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/djpeg")
                process.arguments = ["-scale", "1/8", "-outfile", "/dev/null", file.path]
                try process.run()
                process.waitUntilExit()
            }
        }
        print(String(
            format: "12 MP JPEG (%d bytes): decode 1/8 %.2f ms, resize 500x375->400x300 %.3f ms, "
                + "encode 400x300 %.2f ms, whole thumbnail %.2f ms; djpeg -scale 1/8 process %.2f ms",
            jpeg.count, decode, resize, encode, whole, djpeg))
    }
}
