import NIOCore
import NIOPosix

/// Where the web journal's blocking work runs. Hummingbird answers requests on Swift's
/// cooperative pool, about one thread per core (two here): a thread blocked there by a read,
/// a hash or a decode stalls every other request. So that work runs on NIO thread pools, and
/// the request suspends, holding no thread, until it is done (docs/web-concurrency.md).
/// bcrypt has a pool of its own: hummingbird-auth's verifier runs it on
/// `NIOThreadPool.singleton`, so a burst of wrong passwords delays neither of these.
enum BlockingPools {
    /// Short reads: thumbnails, cached previews, Leaflet's files, an original's chunks, and
    /// opening an original whose check is remembered.
    static let files = started(threads: 2)

    /// Decodes and content hashes: long and CPU-bound. Its threads are the most that run at
    /// once; the rest wait in its queue holding neither a thread nor pixels (each decode still
    /// reserves its memory in `DecodeBudget` first). One core stays free to answer requests.
    static let heavy = started(threads: heavyThreads)

    static let heavyThreads = max(1, min(4, System.coreCount - 1))

    private static func started(threads: Int) -> NIOThreadPool {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }
}
