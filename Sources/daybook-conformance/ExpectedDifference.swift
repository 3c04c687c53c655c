/// A known, explained disagreement between Daybook and exiftool on one corpus file.
///
/// The corpus check compares with exiftool alone: Daybook reads through libexif, so
/// accepting libexif's own answer would let every libexif quirk confirm itself. Each place
/// where Daybook knowingly differs is listed here with its reason. The check prints these
/// as expected differences, and fails when one of them no longer occurs (the table is then
/// stale) or when a difference appears that is not listed.
struct ExpectedDifference: Equatable {
    let path: String
    let field: String
    let exiftool: String
    let ours: String
    let reason: String

    static let all: [ExpectedDifference] = [
        ExpectedDifference(
            path: "jpg/tests/30-type_error.jpg", field: "capture date",
            exiftool: "2013:07:07 17:20:59 from ModifyDate", ours: "2013:07:05 03:18:27 from DateTimeOriginal",
            reason: "IFD0's ExifOffset is stored as ASCII instead of LONG. exiftool refuses to follow it and "
                + "so never sees the Exif IFD; libexif follows it and finds DateTimeOriginal, which the "
                + "file's XMP confirms (2013:07:05 03:18:27Z).")
    ]

    func matches(path: String, _ difference: CorpusCheck.Difference) -> Bool {
        self.path == path && field == difference.field && exiftool == difference.exiftool && ours == difference.ours
    }
}
