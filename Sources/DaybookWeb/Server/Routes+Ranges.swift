import Foundation
import Hummingbird

extension WebJournal {
    /// An original as it is, whole or the one byte range a `Range` header asks for (`ByteRange`):
    /// what lets a browser seek in a video without fetching all of it. The ETag is the content
    /// hash the file was just checked against, so it is strong: `If-Range` with it gets the
    /// part, with anything else (an older ETag, a date) the whole file.
    static func original(_ original: OriginalPhoto, contentHash: String, name: String, request: Request) -> Response {
        ranged(FileWindow(original.file), type: original.contentType, etag: "\"o-\(contentHash)\"", name: name, request: request)
    }

    /// `window`'s bytes as a file of its own (a motion photo's clip), by the same rules: a
    /// range counts from the window's start, and Content-Range gives the window's size.
    static func ranged(_ window: FileWindow, type: String, etag: String, name: String, request: Request) -> Response {
        let size = window.count
        var headers = originalHeaders(type: type, name: name)
        headers[.eTag] = etag
        headers[.acceptRanges] = "bytes"
        let ifRange = request.headers[.ifRange]
        let range = ifRange == nil || ifRange == etag ? ByteRange(header: request.headers[.range], size: size) : .whole
        switch range {
        case .whole:
            return Response(status: .ok, headers: headers, body: window.responseBody())
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            return Response(status: .partialContent, headers: headers, body: window.responseBody(part: part))
        case .unsatisfiable:
            var refusal = Answer.problem(.rangeNotSatisfiable, "the range asked for is not within the file's \(size) bytes")
            refusal.headers[.contentRange] = "bytes */\(size)"
            refusal.headers[.acceptRanges] = "bytes"
            return refusal
        }
    }
}
