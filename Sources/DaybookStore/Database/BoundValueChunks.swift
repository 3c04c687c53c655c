extension Array {
    /// The elements in runs of at most `size`, each run the bound values of one statement
    /// (`column IN (?, ?, …)`): SQLite allows at most 32766 bound values per statement.
    func boundValueChunks(of size: Int = 10_000) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
