import DaybookStore

extension WebJournal {
    /// A page's `before=` cursor as a tile: the entry by id (or unique prefix), its place in
    /// the timeline and no more of it; nil for anything that is not one, as `entry(_:_:)`.
    static func cursor(_ id: String?, _ reader: JournalReader) throws -> TimelineTile? {
        guard let id, EntryIDText.isWellFormed(id) else { return nil }
        return try reader.tile(idPrefix: id)
    }
}
