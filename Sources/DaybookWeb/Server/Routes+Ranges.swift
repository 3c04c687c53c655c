import Foundation
import Hummingbird

extension WebJournal {
    /// An original as it is, whole or the one byte range a `Range` header asks for (`ByteRange`):
    /// what lets a browser seek in a video without fetching all of it. The ETag is the content
    /// hash the file was just checked against, so it is strong: `If-Range` with it gets the
    /// part, with anything else (an older ETag, a date) the whole file.
    static func original(_ original: OriginalPhoto, contentHash: String, name: String, request: Request) -> Response {
        let file = original.file
        let etag = "\"o-\(contentHash)\""
        var headers = originalHeaders(type: original.contentType, name: name)
        headers[.eTag] = etag
        headers[.acceptRanges] = "bytes"
        let ifRange = request.headers[.ifRange]
        let range = ifRange == nil || ifRange == etag ? ByteRange(header: request.headers[.range], size: file.size) : .whole
        switch range {
        case .whole:
            return Response(status: .ok, headers: headers, body: file.responseBody())
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(file.size)"
            return Response(status: .partialContent, headers: headers, body: file.responseBody(part: part))
        case .unsatisfiable:
            var refusal = Answer.problem(.rangeNotSatisfiable, "the range asked for is not within the file's \(file.size) bytes")
            refusal.headers[.contentRange] = "bytes */\(file.size)"
            refusal.headers[.acceptRanges] = "bytes"
            return refusal
        }
    }
}
