import DaybookStore
import Foundation

/// One file's standing with the judgements the library keeps (`ProblemFile`): a damaged or
/// unsupported file is judged once, and later runs leave it alone until it changes.
///
/// Taken before the file is read: its stamp (size, modification time) and what was judged of
/// its path before. The memory only spares work, so a library that cannot be asked is as one
/// that remembers nothing: the file is read and judged as if for the first time.
struct JudgedPath: Sendable {
    let path: String
    let stamp: FileStampOnDisk
    /// What an earlier run judged of this path, whatever the file there is now.
    let earlier: ProblemFile?
    let store: JournalStore

    /// Failures worth remembering: the file itself is at fault, and reading it again gives the
    /// same answer. A missing library or an unreadable folder is mended outside the file.
    static let rememberedCodes: Set<IngestError.Code> = [.damaged, .unsupportedFormat, .notAPhoto, .tooLarge]

    init?(path: String, store: JournalStore) {
        guard let stamp = FileStampOnDisk.of(path) else { return nil }
        self.path = path
        self.stamp = stamp
        self.store = store
        earlier = try? store.problemFile(path: path)
    }

    /// The earlier failure, when the file is the one that failed: same size and modification time.
    var knownFailure: IngestError? {
        guard let earlier, earlier.entryID == nil, earlier.stamp == stamp else { return nil }
        return Self.error(earlier)
    }

    /// A failure judged of these bytes under another path, now recorded for this one too.
    /// Only for a path with no judgement of its own: one whose file changed is judged afresh.
    func knownCopy(contentHash: String) -> IngestError? {
        guard earlier == nil, let known = try? store.knownFailure(contentHash: contentHash) else { return nil }
        try? store.recordProblem(known.at(path, stamp: stamp))
        return Self.error(known).withPath(path)
    }

    /// Records `failure` when it is one worth remembering.
    func record(_ failure: IngestError, contentHash: String) {
        guard Self.rememberedCodes.contains(failure.code) else { return }
        let problem = ProblemFile(
            path: path, stamp: stamp, contentHash: contentHash, code: failure.code.description, reason: failure.reason,
            judgedAt: JournalEntry.timestamp(Date()))
        try? store.recordProblem(problem)
    }

    /// After the file became entry `entryID`: kept as a damaged one (`damage`, the reason it
    /// has no picture), or read well, when any earlier judgement of its path no longer holds.
    func settle(entryID: String, contentHash: String, damage: String?) {
        if let damage {
            let problem = ProblemFile(
                path: path, stamp: stamp, contentHash: contentHash, code: IngestError.Code.damaged.description,
                reason: damage, entryID: entryID, judgedAt: JournalEntry.timestamp(Date()))
            try? store.recordProblem(problem)
        } else if earlier != nil {
            _ = try? store.forgetProblem(path: path)
        }
    }

    private static func error(_ problem: ProblemFile) -> IngestError {
        IngestError(path: problem.path, code: IngestError.Code(named: problem.code) ?? .damaged, reason: problem.reason)
    }
}

extension IngestError {
    fileprivate func withPath(_ other: String) -> IngestError { IngestError(path: other, code: code, reason: reason) }
}
