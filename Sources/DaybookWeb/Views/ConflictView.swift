import DaybookStore

/// One conflict on the entry page (docs/sync.md): the text at the file's name ("this
/// journal's"), the other device's from Syncthing's conflict copy, and, when both read and the
/// journal can be written, the forms that keep one or save a merge. Nothing is chosen for the
/// person: the copy goes only when they have chosen.
struct ConflictView: Sendable, Hashable {
    /// The conflict copy's file name, which the forms name.
    let copy: String
    /// "Set aside 2026-11-29 12:34:56 by device ABCDEFG."
    let origin: String
    let mine: String?
    let theirs: String?
    /// Why a side cannot be read (`path:line: reason`), or is missing.
    let problem: String?
    /// Where the forms post; nil on a read-only journal, an export, or a side that does not read.
    let action: String?
    let csrf: String?
    /// The merge form's first words: both texts, for the person to make one of.
    let merge: String?

    init(_ conflict: JournalConflict, entryID: String, csrf: String?) {
        copy = conflict.copy.fileName
        var origin = "Set aside"
        if let setAside = conflict.copy.setAside { origin += " \(setAside)" }
        if let device = conflict.copy.device { origin += " by device \(device)" }
        self.origin = origin + "."
        mine = Self.text(conflict.mine)
        theirs = Self.text(conflict.theirs)
        problem = [conflict.mine, conflict.theirs].lazy.compactMap(Self.problem).first
        let canResolve = csrf != nil && mine != nil && theirs != nil
        action = canResolve ? "/entries/\(entryID)/conflict" : nil
        self.csrf = canResolve ? csrf : nil
        merge = canResolve ? [mine, theirs].compactMap { $0 }.joined(separator: "\n\n") : nil
    }

    private static func text(_ side: JournalConflict.Side) -> String? {
        if case .file(let file) = side { return file.text }
        return nil
    }

    private static func problem(_ side: JournalConflict.Side) -> String? {
        switch side {
        case .file: nil
        case .problem(let error): "\(error). Fix that line in the file, or keep a text by hand."
        case .missing: "One version is gone (deleted on a device); the other is kept here until you choose."
        }
    }
}

extension ConflictView: TemplateModel {
    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .copy: .init(copy)
        case .origin: .init(origin)
        case .mine: .init(mine)
        case .theirs: .init(theirs)
        case .problem: .init(problem)
        case .action: .init(action)
        case .csrf: .init(csrf)
        case .merge: .init(merge)
        default: nil
        }
    }
}
