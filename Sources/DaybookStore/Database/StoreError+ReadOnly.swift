import GRDB

extension StoreError {
    /// Whether `error` is a write refused because the library is read-only: the store's own
    /// refusal, or SQLite's (`SQLITE_READONLY`, a file or mount that turned read-only while
    /// the journal was open), also when another error reports it.
    public static func isReadOnlyRefusal(_ error: any Error) -> Bool {
        if let error = error as? StoreError {
            if error.code == .readOnly { return true }
            return error.underlying.map(isReadOnlyRefusal) ?? false
        }
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_READONLY }
        return false
    }
}
