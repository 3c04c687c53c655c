import Foundation
import GRDB

/// Whether a failed write means the library's disk (or the user's quota) is full: then
/// every further photo would fail the same way, and a run stops at the first.
package enum DiskFull {
    package static func isDiskFull(_ error: any Error) -> Bool {
        switch error {
        case let error as StoreError: return error.underlying.map(isDiskFull) ?? false
        case let error as POSIXError: return error.code == .ENOSPC || error.code == .EDQUOT
        // SQLite says SQLITE_FULL when the journal or database cannot grow.
        case let error as DatabaseError: return error.resultCode == .SQLITE_FULL
        default: return false
        }
    }
}
