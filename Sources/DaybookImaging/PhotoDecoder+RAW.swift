import DaybookCore

extension PhotoDecoder {
    /// A RAW's pixels are its embedded preview's, turned by the RAW's orientation (the
    /// preview is stored as the sensor saw it; the RAW's own tags say how to hold it).
    func rawPixels(_ file: RAWFile, orientation: Orientation) throws(PhotoDecodeError) -> PhotoPixels {
        let preview: [UInt8]
        do {
            preview = try file.preview()
        } catch {
            throw .raw(error)
        }
        let decoded: DecodedJPEG
        do {
            decoded = try JPEGDecoder.decode(preview, minimumLongestSide: longestSide, maxPixels: maxPixels, limits: limits)
        } catch {
            throw .raw(.noUsablePreview("its JPEG does not decode (\(error.description))"))
        }
        let frame = decoded.frame
        guard max(frame.width, frame.height) >= RAWFile.minimumPreviewSide else {
            throw .raw(.noUsablePreview("it is only \(frame.width)×\(frame.height) pixels"))
        }
        let image = decoded.image.resized(toLongestSide: longestSide).oriented(orientation)
        // The frame is the sensor's, as a JPEG's is its SOF's: before the orientation is applied.
        return PhotoPixels(image: image, frame: file.size ?? frame, warnings: decoded.warnings)
    }
}
