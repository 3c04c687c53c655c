import DaybookStore
import Hummingbird
import Synchronization

/// Answers that depend only on the journal (pages, API), kept until the journal changes: until
/// another connection commits (`ChangeCounter`, a connection of its own, so a kept answer
/// never waits for the writer) or this server edits (`invalidate`). A
/// timeline page costs milliseconds to render (mostly the templates); a kept one, microseconds.
final class AnswerCache: Sendable {
    static let capacity = 256

    private struct State {
        var changeCount: Int?
        var generation = 0
        var answers: [String: Response] = [:]
    }

    private let changes: ChangeCounter
    private let state = Mutex(State())

    init(store: JournalStore) throws { changes = try store.changeCounter() }

    /// The kept answer for this request's path and query, or `make()`'s (kept when 200 OK).
    func answer(_ request: Request, make: () async throws -> Response) async throws -> Response {
        let key = request.uri.description
        let changeCount = try await changes.count()
        let (kept, generation) = state.withLock { state -> (Response?, Int) in
            if state.changeCount != changeCount {
                state.changeCount = changeCount
                state.answers.removeAll()
            }
            return (state.answers[key], state.generation)
        }
        if let kept { return kept }
        let response = try await make()
        guard response.status == .ok else { return response }
        state.withLock { state in
            // Not when an edit or another process's commit came in meanwhile: it may be older.
            guard state.generation == generation, state.changeCount == changeCount else { return }
            if state.answers.count >= Self.capacity { state.answers.removeAll() }
            state.answers[key] = response
        }
        return response
    }

    /// After this server changed the journal.
    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.answers.removeAll()
        }
    }
}
