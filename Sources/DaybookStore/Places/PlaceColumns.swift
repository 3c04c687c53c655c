/// Where each entry was, in words (`NamedPlace`), as the full-text index holds it in its
/// `place` column beside the text and tags.
enum PlaceColumns {
    /// The words an `entry` row's place adds to the search index: "Kyoto Kyoto Japan". The
    /// index's triggers (`Migrations`) write the same words from the row they fire on.
    static let placeWords =
        "trim(coalesce(entry.place_name, '') || ' ' || coalesce(entry.place_region, '') || ' ' || coalesce(entry.place_country, ''))"
}
