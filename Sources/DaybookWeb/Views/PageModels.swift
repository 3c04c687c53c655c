import DaybookCore
import DaybookPresentation
import DaybookStore

/// What each template renders: each page's model names its template (`PageModel`) and answers
/// the names the template says (TemplateLookups.swift).

struct JumpForm: Sendable {
    let action: String
    let month: String
}

/// The on-this-day page's form for another day: a whole date, since that is what a
/// browser's date picker gives; the route reads its month and day.
struct DayPicker: Sendable {
    let action: String
    let date: String

    /// `day` in `thisYear`, or for 29 February in the last year that has one.
    init(action: String, day: MonthDay, thisYear: Int) {
        var year = thisYear
        while day == .leapDay && !CivilCalendar.isLeapYear(year) { year -= 1 }
        self.action = action
        date = "\(year)-\(day)"
    }
}

struct TimelinePage: Sendable {
    let frame: PageFrame
    let jump: JumpForm?
    /// The tiles under month headings; none for an empty journal.
    let sections: [TimelineSection]
    let empty: String
    let api: String
    let newer: String?
    let older: String?
    let olderCursor: String?
    /// On the first page, while entries show a first look (docs/ingest.md, "Two stages").
    var refining: RefiningNote?
}

/// "Making full-quality thumbnails: 1,234 of 10,000", with a <progress> of `value` of `max`.
struct RefiningNote: Sendable {
    let text: String
    let value: Int
    let max: Int

    /// Nil when nothing waits.
    init?(_ counts: RefinementCounts) {
        guard counts.waiting > 0 else { return nil }
        value = counts.refined
        max = counts.total
        text = "Making full-quality thumbnails: \(CountText.grouped(value)) of \(CountText.grouped(max))"
    }
}

struct SearchPage: Sendable {
    let frame: PageFrame
    let form: SearchForm
    let problem: String?
    let note: String?
    let summary: String?
    let sections: [TileSection]
    /// The next page of matches (`before=` the last one shown); nil on the last.
    let older: String?
}

struct OnThisDayPage: Sendable {
    let frame: PageFrame
    let day: String
    /// On the server only: an export has one page, for the day it was made.
    let form: DayPicker?
    /// How many entries the day has in all, when the page is one of several.
    let summary: String?
    let sections: [TileSection]
    /// The first page, from a later one.
    let newest: String?
    /// The next page.
    let more: String?
    /// "Remind me every morning", on a server whose library takes changes.
    let remind: RemindForm?
}

/// Where remind.js gets the push key and sends this browser's subscription.
struct RemindForm: Sendable {
    let key: String
    let subscribe: String
    let unsubscribe: String
}

struct LatestPage: Sendable {
    let frame: PageFrame
    let tiles: [EntryTile]
    let timeline: String
}

struct TagRow: Sendable {
    let name: String
    let entries: Int
    let user: Int
    let auto: Int
    let search: String?
}

struct TagsPage: Sendable {
    let frame: PageFrame
    let tags: [TagRow]
}

struct MessagePage: Sendable {
    let frame: PageFrame
    let heading: String
    let message: String
    let back: String
}

/// Where the edit forms of an entry page post to, with the token they carry.
struct EditForms: Sendable {
    let textAction: String
    let tagsAction: String
    let deleteLink: String
    let csrf: String
    /// The text's version the page shows: a save over any other text is refused (409).
    let textVersion: String
    let dateAction: String
    /// The entry's date as the date field shows it (`YYYY-MM-DDTHH:MM:SS`); empty when undated.
    let date: String
    let placeAction: String
    /// The entry's place as the place field shows it, in a form the field reads back.
    let place: String
    /// Where the photo form posts (`action=attach|replace|detach`).
    let photoAction: String
    /// Where the photo form's script sends a chosen file first (`entry-photo.js`).
    var upload = "/uploads"
    /// Words with no photo: the form to attach one.
    var attachPhoto = false
    /// A photo with words: the forms to replace or detach it.
    var detachPhoto = false
    /// A photo with no date: its words and tags wait for one (no journal file can be named
    /// without it), so their forms give way to a note saying so.
    var needsDate = false
}

struct EditConflictPage: Sendable {
    let frame: PageFrame
    let entry: String
    let action: String
    let csrf: String
    let currentText: String
    let currentVersion: String
    let submittedText: String
}

struct MapSpot: Sendable {
    let latitude: Double
    let longitude: Double
    /// The marker's title: "Paris, France".
    let place: String
    let tiles: String?
    let outlines: String
    /// The journal's map, opened on this entry.
    let bigMap: String
}

struct EntryPage: Sendable {
    let frame: PageFrame
    let id: String
    let newer: String?
    let older: String?
    let preview: ImageView?
    /// False for an entry of words alone: the page has no figure, not an empty one.
    var picture = true
    /// A video entry on the server: the player instead of the preview and the original's link.
    var video: VideoView? = nil
    /// A video entry in an export, which has its poster (`preview`) but not the video file.
    var videoNote: String? = nil
    /// A photo's motion clip or Live Photo movie, played over the preview (server only).
    var motion: MotionView? = nil
    /// "photo", "video" or "text": what "About this …" names.
    var kind = "photo"
    let original: String?
    /// The original as a JPEG, when it is not one (a HEIC most browsers cannot show).
    var originalJPEG: String? = nil
    let fileName: String
    /// The entry's other files (its RAW), each a download through `/originals` on a server.
    var files: [FileLink] = []
    let day: String
    /// Time, zone, place, weather and camera; then the rest of the entry's fields.
    let facts: [FactRow]
    let details: [FactRow]
    let tags: [TagView]
    let edit: EditForms?
    let map: MapSpot?
    let text: String
    let paragraphs: [String]
    /// The frames of the entry's stack (docs/stacks.md); nil when it is alone.
    var stack: StackView? = nil
    /// Said where the picture would be when there is none (`EntryText.noPicture`).
    var noImage = "No picture could be made from this photo."
    /// What ingest found wrong with the file, when it said: under `noImage`.
    var noImageWhy: String? = nil
    /// Versions of the entry Syncthing set aside beside its journal file (server only).
    var conflicts: [ConflictView] = []
}

/// The form that writes a text entry (`/new`), empty or as it was sent back with `problem`.
struct NewEntryPage: Sendable {
    let frame: PageFrame
    let action: String
    let csrf: String
    /// `YYYY-MM-DDTHH:MM`, as a `datetime-local` field reads and sends it.
    let date: String
    let text: String
    /// The tags as typed: names apart by commas or spaces.
    let tags: String
    let problem: String?
    /// The photo picker, on a server that takes uploads.
    let upload: UploadForm?
}

/// What the New-entry page's script needs to upload files (`new-entry.js` reads it from the
/// form's data attributes) and what the page says of the limits.
struct UploadForm: Sendable {
    let action: String
    let maxBytes: String
    let maxText: String
    let accepted: String
}

struct ConfirmDeletePage: Sendable {
    let frame: PageFrame
    let day: String
    let place: String?
    let image: ImageView?
    let action: String
    let csrf: String
    let cancel: String
    /// The id `daybook trash restore` takes to bring the entry back.
    let shortID: String
}

struct MapPage: Sendable {
    let frame: PageFrame
    let places: String
    let outlines: String
    let tiles: String?
    let thumbnails: String
    let entries: String
    let entrySuffix: String
    let leaflet: Bool
}

/// "RAW: IMG_0001.CR2", with its download link when the page is served.
struct FileLink: Sendable {
    let label: String
    let name: String
    let href: String?
}
