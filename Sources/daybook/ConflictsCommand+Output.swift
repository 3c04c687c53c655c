import DaybookStore
import Foundation

/// One conflict as `daybook conflicts --json` prints it: the entry, both sides' words (or
/// why a side cannot be read), the copy's name, when and by which device it was set aside.
struct ConflictOutput: Encodable {
    struct Side: Encodable {
        let path: String
        let text: String?
        let tags: [String]?
        let date: String?
        let deleted: String?
        /// `path:line: reason` when the file does not parse; "missing" when there is none.
        let problem: String?

        init(_ side: JournalConflict.Side, path: String) {
            self.path = path
            var file: JournalFile?
            switch side {
            case .file(let read):
                file = read
                problem = nil
            case .problem(let error): problem = error.description
            case .missing: problem = "missing"
            }
            text = file?.text
            tags = file?.tags
            date = file?.date.iso8601
            deleted = file?.deleted
        }
    }

    let id: String?
    let shortID: String
    let title: String
    let copy: String
    let setAside: String?
    let device: String?
    let mine: Side
    let theirs: Side
    let differences: [String: [String]]

    init(_ conflict: JournalConflict) {
        id = conflict.entryID
        shortID = String((conflict.entryID ?? conflict.shortID).prefix(8))
        title = conflict.title
        copy = conflict.copy.description
        setAside = conflict.copy.setAside
        device = conflict.copy.device
        mine = Side(conflict.mine, path: conflict.copy.original.description)
        theirs = Side(conflict.theirs, path: conflict.copy.description)
        differences = Dictionary(uniqueKeysWithValues: conflict.differences.map { ($0.field, [$0.mine, $0.theirs]) })
    }

    enum CodingKeys: String, CodingKey {
        case id, title, copy, device, mine, theirs, differences
        case shortID = "short_id"
        case setAside = "set_aside"
    }

    /// "copy from device ABCDEFG, set aside 2026-11-29 12:34:56", as much as the name says.
    static func origin(_ copy: JournalConflictCopy) -> String {
        var words = "copy"
        if let device = copy.device { words += " from device \(device)" }
        if let setAside = copy.setAside { words += ", set aside \(setAside)" }
        return words
    }
}
