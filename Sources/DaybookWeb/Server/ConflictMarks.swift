import DaybookStore
import Foundation
import Synchronization

/// Which entries Syncthing's conflict copies name, for the pages: the journal folder is
/// listed at most every few seconds, however many pages are asked for. A copy is a file the
/// index does not count (`AnswerCache` would keep a page made before it came), so a page of an
/// entry in conflict, and any page while the journal has one, is made afresh. The listing runs
/// on `BlockingPools.files`: a journal of many months is many folders to read.
final class ConflictMarks: Sendable {
    static let freshFor: TimeInterval = 2

    private let library: Library
    private let state = Mutex<(listed: Date?, copies: [JournalConflictCopy])>((nil, []))

    init(library: Library) { self.library = library }

    /// Every conflict copy in the journal, as listed at most `freshFor` seconds ago.
    func copies() async throws -> [JournalConflictCopy] {
        let now = Date()
        if let kept = state.withLock({ $0.listed.map { now.timeIntervalSince($0) < Self.freshFor } == true ? $0.copies : nil }) {
            return kept
        }
        let copies = try await BlockingPools.files.runIfActive { [library] in JournalConflictCopy.all(in: library) }
        state.withLock { $0 = (now, copies) }
        return copies
    }

    /// The short ids (first eight digits) the copies' names carry: the tiles marked.
    func shortIDs() async throws -> Set<Substring> {
        Set(try await copies().map { $0.original.fileName.dropFirst(11).prefix(8) })
    }

    /// Whether any copy's name carries the first eight digits of `id` (or of the prefix given).
    func mayNameEntry(_ id: String) async throws -> Bool {
        let short = id.prefix(8).lowercased()
        return try await copies().contains { $0.original.fileName.dropFirst(11).hasPrefix(short) }
    }
}
