import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    /// `/new`: the form that writes a text entry, through the store's one journal writer
    /// (docs/design/writing.md), with the edit forms' rules: `WebGuard` refuses a foreign
    /// Origin, the form must carry the CSRF token, and a read-only library is refused.
    func addNewEntryRoutes(to router: Router<BasicRequestContext>) {
        router.get("/new") { request, _ in
            if let refusal = try readOnlyRefusal { return refusal }
            let share = request.uri.queryParameters.get("share") == "first" ? Self.shareFirstLine : nil
            return Answer.html(try pages.newEntry(csrf: csrf.value, date: Self.formDate(nil), problem: share, upload: uploadForm))
        }
        router.post("/new") { request, _ in
            if let refusal = try readOnlyRefusal { return refusal }
            var request = request
            let buffer: ByteBuffer
            do { buffer = try await request.collectBody(upTo: Self.textFormLimit) } catch { return try textTooLarge }
            let fields = FormFields(String(buffer: buffer))
            guard csrf.accepts(fields.first("csrf") ?? request.headers[.init("X-Daybook-CSRF")!]) else {
                return Answer.problem(.forbidden, "the form's token is missing or stale: reload the page and try again")
            }
            // Browsers send CRLF from a textarea; the journal stores lines.
            let text = (fields.first("text") ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            let dateText = fields.first("date") ?? ""
            let tagsText = fields.first("tags") ?? ""
            func refuse(_ problem: String) throws -> Response {
                let page = try pages.newEntry(
                    csrf: csrf.value, date: dateText, text: text, tags: tagsText, problem: problem, upload: uploadForm)
                return Answer.html(page, status: .badRequest)
            }
            // A queued entry sent again (its first answer lost) lands on the entry it made.
            var key: NewEntryKey?
            if let keyText = fields.first("key"), !keyText.isEmpty {
                guard let given = NewEntryKey(keyText) else {
                    return Answer.problem(.badRequest, "key= must be 8 to 64 letters, digits, - or _: nothing was written")
                }
                if let earlier = try await store.read({ try $0.entryID(for: given) }) {
                    return Answer.seeOther("/entries/\(earlier)")
                }
                key = given
            }
            let tagCount = tagsText.split { $0 == "," || $0.isWhitespace }.count
            guard tagCount <= TagEditLimits.perForm else {
                return try refuse("A new entry may have at most \(TagEditLimits.perForm) tags; these are \(tagCount). Nothing was written.")
            }
            let photos = fields.all("photo")
            if !photos.isEmpty {
                return try await describe(photos: photos, text: text, tagsText: tagsText, key: key, refuse: refuse)
            }
            var date: LocalDateTime?
            if !dateText.isEmpty {
                guard let given = LocalDateTime(commandLine: dateText) else {
                    return try refuse("The date \(dateText) is not a date and time like 2024-05-17T12:30. Nothing was written.")
                }
                date = given
            }
            let tags = tagsText.split { $0 == "," || $0.isWhitespace }.map(String.init)
            let new = NewTextEntry(text: text, date: date, tags: tags)
            // Pages kept from before the entry would not show it.
            defer { cache.invalidate() }
            do {
                let entry = try await BlockingPools.files.runIfActive { [key] in try store.write(new, key: key) }
                return Answer.seeOther("/entries/\(entry.id)")
            } catch let used as NewEntryKeyUsed {
                return Answer.seeOther("/entries/\(used.entryID)")
            } catch let error as StoreError where error.code == .blankText || error.code == .invalidTag {
                return try refuse("\(error.description.prefix(1).uppercased())\(error.description.dropFirst()). Nothing was written.")
            } catch let error as StoreError where error.code == .textTooLong {
                return try textTooLarge
            }
        }
    }

    /// A library this user cannot write: said on a page, before anything is typed into a form.
    var readOnlyRefusal: Response? {
        get throws {
            guard !writes.areAllowed else { return nil }
            return Answer.html(try pages.message("Read-only journal", writes.notice), status: .forbidden)
        }
    }

    /// `YYYY-MM-DDTHH:MM`, what a `datetime-local` field shows: `date`, or now on this machine.
    static func formDate(_ date: LocalDateTime?) -> String {
        String((date ?? NewTextEntry(text: "", date: nil).date).iso8601.prefix(16))
    }
}
