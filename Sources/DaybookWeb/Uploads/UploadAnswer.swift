import Foundation
import Synchronization

/// What `POST /uploads` answers: the entry the file made or already had, or why it was not kept.
enum UploadAnswer: Sendable, Equatable {
    case stored(entryID: String)
    case duplicate(entryID: String)
    case problem(UploadProblem)

    /// The answer to a second transfer of the same bytes, made while this one was under way.
    var asDuplicate: UploadAnswer {
        switch self {
        case .stored(let id), .duplicate(let id): return .duplicate(entryID: id)
        case .problem: return self
        }
    }

    /// Whether a retry with the same Idempotency-Key gets this answer again: not when the
    /// server failed, since the retry may well succeed.
    var isFinal: Bool {
        if case .problem(.server) = self { return false }
        return true
    }
}

/// The answers given, by Idempotency-Key, and the transfers being stored, by content hash:
/// a retry gets the first answer, and parallel transfers of the same bytes make one entry.
/// Kept in memory: a key outlives a dropped connection and the phone's retries, not a server
/// restart, after which the journal's content hash still answers `duplicate`.
final class UploadOutcomes: Sendable {
    private struct State {
        var byKey: [String: Task<UploadAnswer, Never>] = [:]
        var finished: [String: UploadAnswer] = [:]
        var keyOrder: [String] = []
        var byHash: [String: Task<UploadAnswer, Never>] = [:]
    }

    private let state = Mutex(State())
    /// Keys remembered; the oldest are forgotten first.
    static let keysKept = 10_000

    /// The answer already given to `key`, when there was one.
    func finished(key: String) -> UploadAnswer? { state.withLock { $0.finished[key] } }

    /// Runs `store` for a transfer whose bytes hash to `hash`, unless a transfer with the same
    /// key or the same bytes is under way or done: then its answer (as a duplicate, for the
    /// same bytes under another key).
    func answer(key: String?, hash: String, store: @escaping @Sendable () async -> UploadAnswer) async -> UploadAnswer {
        let task: Task<UploadAnswer, Never> = state.withLock { state in
            if let key, let known = state.byKey[key] { return known }
            let task: Task<UploadAnswer, Never>
            if let running = state.byHash[hash] {
                task = Task { await running.value.asDuplicate }
            } else {
                task = Task { await store() }
                state.byHash[hash] = task
            }
            if let key {
                state.byKey[key] = task
                state.keyOrder.append(key)
                if state.keyOrder.count > Self.keysKept {
                    let forgotten = state.keyOrder.removeFirst()
                    state.byKey[forgotten] = nil
                    state.finished[forgotten] = nil
                }
            }
            return task
        }
        let answer = await task.value
        state.withLock { state in
            // Once stored, the journal answers for these bytes.
            if state.byHash[hash] == task { state.byHash[hash] = nil }
            guard let key else { return }
            if answer.isFinal {
                state.finished[key] = answer
            } else if state.byKey[key] == task {
                state.byKey[key] = nil
            }
        }
        return answer
    }
}
