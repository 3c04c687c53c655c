import Foundation
import HTTPTypes
import Hummingbird

extension WebJournal {
    /// `POST /uploads`: one file's raw bytes as the body (docs/web.md, "Uploads"), behind the
    /// guard's Host, Origin and password rules and the page's CSRF token, answered in JSON.
    func addUploadRoutes(to router: Router<BasicRequestContext>) {
        router.post("/uploads") { request, _ in
            guard let uploads else { return UploadReply.problem(.forbidden, writes.notice) }
            guard csrf.accepts(request.headers[Self.csrfHeader]) else {
                return UploadReply.problem(.forbidden, "the page's token is missing or stale: reload the page and try again")
            }
            let key = request.headers[Self.idempotencyHeader]
            if let key, !Self.isIdempotencyKey(key) {
                return UploadReply.problem(.badRequest, "the Idempotency-Key must be 8 to 64 letters, digits, - or _")
            }
            // Refused before a byte of the body is read.
            guard let lengthText = request.headers[.contentLength], let length = Int(lengthText), length >= 0 else {
                return UploadReply.answer(.problem(.noLength), closing: true)
            }
            guard length <= uploads.limits.maxBytes else {
                return UploadReply.answer(.problem(.tooLarge(limit: uploads.limits.maxBytes)), closing: true)
            }
            if let key, let known = uploads.outcomes.finished(key: key) { return UploadReply.answer(known, closing: true) }
            let folder: UploadFolder, received: ReceivedUpload
            do {
                folder = try await BlockingPools.files.runIfActive { () throws -> UploadFolder in try uploads.folder() }
                received = try await UploadReceiver.receive(
                    request.body, length: length, sentName: request.headers[Self.fileNameHeader], folder: folder)
            } catch let problem as UploadProblem {
                return UploadReply.answer(.problem(problem), closing: true)
            }
            let answer = await uploads.outcomes.answer(key: key, hash: received.hash) {
                do {
                    return try await BlockingPools.heavy.runIfActive { uploads.store(received, in: folder) }
                } catch {
                    folder.discard(received.slot)
                    return .problem(.server("the server is stopping; send the file again"))
                }
            }
            // Same bytes under way in another transfer: this one's file is not needed.
            folder.discard(received.slot)
            if case .stored = answer { cache.invalidate() }
            return UploadReply.answer(answer, closing: false)
        }
    }

    /// The New-entry page's photo picker, when this server takes uploads.
    var uploadForm: UploadForm? {
        uploads.map {
            UploadForm(
                action: "/uploads", maxBytes: String($0.limits.maxBytes), maxText: UploadLimits.describe($0.limits.maxBytes),
                accepted: UploadKind.accepted)
        }
    }

    static let csrfHeader = HTTPField.Name("X-Daybook-CSRF")!
    static let fileNameHeader = HTTPField.Name("X-Daybook-File-Name")!
    static let idempotencyHeader = HTTPField.Name("Idempotency-Key")!

    /// 8 to 64 of `A-Z a-z 0-9 _ -`: what the page's script makes, and nothing a log or a
    /// dictionary could be flooded with.
    static func isIdempotencyKey(_ key: String) -> Bool {
        (8...64).contains(key.utf8.count)
            && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }
}

/// The JSON of `POST /uploads` (the contract in docs/web.md).
enum UploadReply {
    private struct Entry: Encodable {
        let entry: String
        let url: String
        let duplicate: Bool
    }

    private struct Problem: Encodable { let error: String }

    /// `closing` asks the client to close the connection: the body was not (all) read, and
    /// the server need not read the rest of what it refused.
    static func answer(_ answer: UploadAnswer, closing: Bool) -> Response {
        switch answer {
        case .stored(let id): return json(Entry(entry: id, url: "/entries/\(id)", duplicate: false), status: .created, closing: closing)
        case .duplicate(let id): return json(Entry(entry: id, url: "/entries/\(id)", duplicate: true), status: .ok, closing: closing)
        case .problem(let problem): return json(Problem(error: problem.message), status: problem.status, closing: closing)
        }
    }

    static func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(Problem(error: message), status: status, closing: true)
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status, closing: Bool) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if closing { headers[.connection] = "close" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(value)) ?? Data(#"{"error":"the answer could not be written"}"#.utf8)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes + [0x0A])))
    }
}
