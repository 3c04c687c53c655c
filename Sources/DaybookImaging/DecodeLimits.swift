/// The memory rules every decode follows: a per-image ceiling, refused before anything large
/// is allocated, and the process-wide budget it waits for.
package struct DecodeLimits: Sendable {
    /// A JPEG whose estimate is above this is refused with `LimitExceeded.decodeMemory`.
    package var maxImageBytes: Int
    package var budget: DecodeBudget

    /// As much as the shared budget holds: then no single JPEG decode needs more than the
    /// budget, and the process holds little more than its own working set plus the budget.
    package static let defaultMaxImageBytes = 200_000_000

    package static let standard = DecodeLimits()

    package init(maxImageBytes: Int = defaultMaxImageBytes, budget: DecodeBudget = .shared) {
        self.maxImageBytes = max(1, maxImageBytes)
        self.budget = budget
    }
}
