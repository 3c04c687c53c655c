public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case io(String)
    case entryNotFound(String)
    case ambiguousID(String, candidates: [String])
    case emptyLibrary(String)
    case invalidTag(String)

    public var description: String {
        switch self {
        case .io(let message): return message
        case .entryNotFound(let id): return "no entry with id \(id)"
        case .ambiguousID(let prefix, let candidates):
            return "id prefix \(prefix) is ambiguous: \(candidates.joined(separator: ", "))"
        case .invalidTag(let name):
            return "invalid tag \"\(name)\": use letters, digits, '-' or '_' (at most 64)"
        case .emptyLibrary(let path): return "the journal at \(path) is empty (run `daybook ingest PATH` first)"
        }
    }
}
