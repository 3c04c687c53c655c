import DaybookStore
import Foundation

extension Ingester {
    /// Remembers the folders `paths` read from, before any entry from them is stored. A full
    /// disk is not an error here: nothing can be stored either, and the first photo then
    /// stops the run with the one line that says what to do; the next run records the folder.
    func recordRoots(of paths: [String]) throws {
        do {
            try store.recordIngestSources(paths)
        } catch  where DiskFull.isDiskFull(error) {
            return
        }
    }
}
