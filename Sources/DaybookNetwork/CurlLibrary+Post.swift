import CCurl

#if canImport(Glibc)
    import Glibc
#endif

/// Why a POST got no answer: no way to the host, a timeout, a bad URL, or another failure.
package struct PostFailure: Error, Sendable, CustomStringConvertible {
    package let description: String
}

extension CurlLibrary {
    /// A blocking POST of `body` with `headers` ("Name: value"); the answer's status.
    package func post(_ url: String, headers: [String], body: [UInt8], timeoutSeconds: Int) throws(PostFailure) -> Int {
        var status = 0
        var error = [CChar](repeating: 0, count: 512)
        let copies = headers.map { strdup($0)! }
        defer { for copy in copies { free(copy) } }
        let outcome = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { list in
            body.withUnsafeBufferPointer { bytes in
                daybook_http_post(
                    table, url, list.baseAddress!, list.count, bytes.baseAddress!, bytes.count, timeoutSeconds, &status, &error,
                    error.count)
            }
        }
        guard outcome == DAYBOOK_HTTP_ANSWERED else {
            let reason = CText.string(error)
            switch outcome {
            case DAYBOOK_HTTP_UNREACHABLE: throw PostFailure(description: "cannot be reached: \(reason)")
            case DAYBOOK_HTTP_TIMED_OUT: throw PostFailure(description: "no answer within \(timeoutSeconds) s")
            case DAYBOOK_HTTP_BAD_URL: throw PostFailure(description: "not an http(s) URL: \(url)")
            default: throw PostFailure(description: reason)
            }
        }
        return status
    }
}
