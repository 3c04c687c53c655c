import CHeif

/// libheif's functions, from the library opened on the first HEIF file (CHeif's loader.c)
/// instead of linked: linked, it and its codecs would cost every `daybook` command start-up
/// time, and a query never meets a HEIF file.
enum HEIFLibrary {
    /// The major version Daybook was compiled against: another has another ABI.
    static let soname = "libheif.so.1"

    static let shared = open(soname)

    /// The library at `soname` (heif_init done), or `libraryMissing` saying why not.
    ///
    /// The malloc setting is for the decodes' large buffers (a 12 MP decode allocates 36 MB of
    /// RGB and libde265's picture planes). glibc raises its mmap threshold after the first
    /// such buffer is freed, and from then on they come from per-thread arenas that keep the
    /// memory: a many-job ingest would hold far more than the decodes running at any moment
    /// need. With a fixed threshold they stay mmapped and go back to the system when freed;
    /// the cost is their page faults, small beside the decode itself.
    static func open(_ soname: String) -> Result<DaybookHeif, HEIFError> {
        var failure = [CChar](repeating: 0, count: 512)
        guard let table = daybook_heif_open(soname, &failure, failure.count) else {
            return .failure(.libraryMissing(String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        return .success(table.pointee)
    }
}
