import Hummingbird

/// The answers `AnswerCache` keeps, by key, bounded by their bytes rather than their number:
/// one page can be hundreds of times another (an entry with a long text), so a count would
/// bound nothing. Past the budget the answers kept longest go first; one answer larger than an
/// eighth of the budget is not kept at all, since it would push out many others and is
/// rare enough to make again.
struct KeptAnswers {
    /// The bytes all kept answers may hold together: hundreds of timeline pages, a small part
    /// of what the server's previews and decodes may use.
    static let budget = 64 << 20
    /// What an answer costs beyond its body (its key, headers and the table's own entry), so
    /// that thousands of tiny answers are bounded too.
    static let overhead = 1 << 10

    /// The cost of the answers kept now, at most `budget`.
    private var bytes = 0
    private var answers: [String: (response: Response, cost: Int)] = [:]
    /// Every kept key once, in the order kept; those before `oldest` are gone already.
    private var order: [String] = []
    private var oldest = 0

    subscript(key: String) -> Response? { answers[key]?.response }

    /// Keeps `response` under `key`, letting the oldest answers go until it fits; an answer
    /// whose body has no known length, or is too large, is not kept.
    mutating func keep(_ response: Response, key: String) {
        guard let length = response.body.contentLength else { return }
        let cost = length + key.utf8.count + Self.overhead
        guard cost <= Self.budget / 8 else { return }
        if let replaced = answers[key] {
            bytes -= replaced.cost
        } else {
            order.append(key)
        }
        answers[key] = (response, cost)
        bytes += cost
        while bytes > Self.budget, oldest < order.count {
            let key = order[oldest]
            oldest += 1
            if let gone = answers.removeValue(forKey: key) { bytes -= gone.cost }
        }
        // The keys let go are dropped from the front once they are half of the list.
        if oldest > 64, oldest * 2 > order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
    }

    mutating func removeAll() {
        answers.removeAll()
        order.removeAll()
        oldest = 0
        bytes = 0
    }
}
