import CCurl

/// libcurl's functions, from the library opened on the first request that needs it (CCurl's
/// loader.c) instead of linked: linked, it and its TLS, Kerberos and LDAP dependencies would
/// cost every `daybook` command start-up time, and only a weather backfill or a reminder's
/// e-mail uses them. One table for the whole process, whoever asks first: libcurl's global
/// set-up is not thread-safe.
package struct CurlLibrary: @unchecked Sendable {
    // The table is written once by the loader and only read afterwards.
    package let table: OpaquePointer

    /// The major version Daybook was compiled against: another has another ABI.
    package static let soname = "libcurl.so.4"

    package static let shared = open(soname)

    /// The library at `soname`, or why it cannot be used (missing, or lacking a function).
    package static func open(_ soname: String) -> Result<CurlLibrary, MissingCurl> {
        var failure = [CChar](repeating: 0, count: 512)
        guard let table = daybook_curl_open(soname, &failure, failure.count) else {
            return .failure(MissingCurl(soname: soname, reason: CText.string(failure)))
        }
        return .success(CurlLibrary(table: table))
    }
}

/// libcurl is not installed (or is not the version Daybook was built for).
package struct MissingCurl: Error, Sendable {
    package let soname: String
    package let reason: String
}

/// Text a C function wrote into a buffer, up to its NUL.
package enum CText {
    package static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
