import DaybookStore
import Synchronization

/// Whether the web may change the library. Not when the server could only open it
/// read-only (another user's folder, a read-only mount), nor once SQLite has refused a
/// write: then the pages drop their forms and every edit is answered 403, instead of forms
/// that fail with SQLite's words.
final class LibraryWrites: Sendable {
    private let refused: Mutex<Bool>
    /// The line the pages and the refusals show.
    let notice: String

    init(store: JournalStore) {
        refused = Mutex(store.isReadOnly)
        notice = "This library is read-only here (\(store.library.root.path)): it can be read, not changed, from the web."
    }

    var areAllowed: Bool { !refused.withLock { $0 } }

    /// From now on the library is read: a write has just been refused as read-only.
    func stop() { refused.withLock { $0 = true } }
}
