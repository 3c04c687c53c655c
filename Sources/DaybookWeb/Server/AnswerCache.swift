import DaybookStore
import Hummingbird
import Synchronization

/// Answers that depend only on the journal (pages, API), kept until the journal changes: until
/// another connection commits (`ChangeCounter`, a connection of its own, so a kept answer
/// never waits for the writer) or this server edits (`invalidate`). A
/// timeline page costs far more to render (mostly the templates) than a kept one costs to send.
/// What is kept is bounded by its bytes (`KeptAnswers`).
final class AnswerCache: Sendable {
    private struct State {
        var changeCount: Int?
        var generation = 0
        var answers = KeptAnswers()
    }

    private let changes: ChangeCounter
    private let state: Mutex<State>

    /// The count known from the start, so that the first pages made can be kept.
    init(store: JournalStore) throws {
        changes = try store.changeCounter()
        state = Mutex(State(changeCount: try changes.countNow()))
    }

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
        keep(response, key: key, changeCount: changeCount, generation: generation)
        return response
    }

    /// `make`'s answer, made now and not kept: for a page that shows what the change count
    /// does not count (a conflict copy beside a journal file).
    func answerAfresh(counting make: (ChangeCounter) async throws -> (response: Response, changeCount: Int?)) async throws -> Response {
        try await make(changes).response
    }

    /// `answer(_:make:)` for a page that reads the store anyway: with no answer kept for the
    /// request, `make` asks the change count inside its own store read (on the store's
    /// thread), so an uncached page pays one hop to the store, not a second to the counter's
    /// queue as well. That
    /// count is asked after the read's snapshot was taken, so it may count a commit the page
    /// does not show: the answer is kept only when the count equals the one known before the
    /// read began, when no commit can have come in between. The first page after a commit is
    /// therefore not kept; the next one is. `make` gives nil for an answer read from no store.
    func answer(
        _ request: Request, counting make: (ChangeCounter) async throws -> (response: Response, changeCount: Int?)
    ) async throws -> Response {
        let key = request.uri.description
        var (kept, known, generation) = state.withLock { ($0.answers[key], $0.changeCount, $0.generation) }
        if kept != nil {
            // A kept answer is given only after asking whether the journal changed since.
            let changeCount = try await changes.count()
            (kept, known, generation) = state.withLock { state in
                if state.changeCount != changeCount {
                    state.changeCount = changeCount
                    state.answers.removeAll()
                }
                return (state.answers[key], changeCount, state.generation)
            }
            if let kept { return kept }
        }
        let (response, changeCount) = try await make(changes)
        guard let changeCount else { return response }
        state.withLock { state in
            if state.changeCount != changeCount {
                state.changeCount = changeCount
                state.answers.removeAll()
            }
        }
        if changeCount == known { keep(response, key: key, changeCount: changeCount, generation: generation) }
        return response
    }

    /// Keeps a 200 OK answer, unless an edit or another process's commit came in since the
    /// count and generation it was made under: it may be older.
    private func keep(_ response: Response, key: String, changeCount: Int, generation: Int) {
        guard response.status == .ok else { return }
        state.withLock { state in
            guard state.generation == generation, state.changeCount == changeCount else { return }
            state.answers.keep(response, key: key)
        }
    }

    /// After this server changed the journal.
    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.answers.removeAll()
        }
    }
}
