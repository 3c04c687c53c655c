import DaybookImaging
import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    func addFileRoutes(to router: Router<BasicRequestContext>) {
        router.get("/thumbnails/:name") { request, context in
            guard let name = context.parameters.get("name").flatMap(ThumbnailName.init(fileName:)),
                let (bytes, isFirstLook) = try await BlockingPools.files.runIfActive({ () throws -> ([UInt8], Bool)? in
                    guard let bytes = try thumbnails.read(name) else { return nil }
                    return (bytes, try store.awaitsRefinement(contentHash: name.contentHash))
                })
            else { return Answer.problem(.notFound, "no such thumbnail") }
            // A first look is replaced under the same name once the full thumbnail is made:
            // kept by no browser or offline copy, unlike every finished thumbnail.
            if isFirstLook { return Self.firstLook(bytes) }
            return Self.immutable(bytes, type: "image/jpeg", etag: "\"\(name.contentHash)\"", request: request)
        }
        router.get("/previews/:name") { request, context in
            // Only a name of the content-hash shape, and only for an entry of this journal.
            guard let name = context.parameters.get("name").flatMap(ThumbnailName.init(fileName:)) else {
                return Answer.problem(.notFound, "no such preview")
            }
            let folders = configuration.originalFolders
            let found = try await store.read { reader -> (JournalEntry, [String])? in
                guard let entry = try reader.entry(contentHash: name.contentHash) else { return nil }
                return (entry, try OriginalPhoto.allowedFolders(reader, named: folders))
            }
            guard let (entry, allowed) = found else { return Answer.problem(.notFound, "no such preview") }
            let etag = "\"p-\(name.contentHash)\""
            if request.headers[.ifNoneMatch] == etag { return Self.notModified(etag) }
            switch try await previews.servedPreview(for: entry, allowedFolders: allowed, checks: originalChecks) {
            case .jpeg(let bytes):
                return Self.immutable(bytes, type: "image/jpeg", etag: etag, request: request)
            case .originalMissing:
                return Answer.problem(.notFound, "the photo is no longer where the journal saw it, or it has changed")
            case .refused(let reason):
                return try await stand(in: entry, for: reason)
            }
        }
        router.get("/originals/:id") { request, context in
            // The one way to a file outside the library: the photo an entry points to, only from
            // under a folder the library ingests from, and only while its bytes are the ones the
            // entry was made from (OriginalPhoto). `?as=jpeg` gives it as a JPEG, under the same rules.
            // As it is, it answers a `Range` header (a video seeking): `original(_:contentHash:name:request:)`.
            let form = request.uri.queryParameters.get("as")
            guard form == nil || form == "jpeg" else { return Answer.problem(.badRequest, "as= takes only jpeg") }
            let folders = configuration.originalFolders
            let allowed = try await store.read { reader in try OriginalPhoto.allowedFolders(reader, named: folders) }
            // `?file=raw`: the entry's other file in that role (its RAW), as it is, by the same rules.
            // `?file=motion`: its motion clip or Live Photo movie (Routes+Motion.swift).
            if let name = request.uri.queryParameters.get("file") {
                let refusal = Answer.problem(.badRequest, "file= takes only raw or motion, and not with as=")
                guard form == nil else { return refusal }
                if name == "motion" {
                    guard let entry = try await lookUp(context.parameters.get("id")),
                        let answer = try await motion(of: entry, allowedFolders: allowed, request: request)
                    else { return Answer.problem(.notFound, "no motion clip: the entry has none, or its file has changed") }
                    return answer
                }
                guard let role = EntryFile.Role(rawValue: String(name)) else { return refusal }
                guard let entry = try await lookUp(context.parameters.get("id")),
                    let file = try await store.read({ try $0.files(entryID: entry.id) }).first(where: { $0.role == role }),
                    let original = try await OriginalPhoto.loadOffThePool(
                        path: file.path, contentHash: file.contentHash, allowedFolders: allowed, checks: originalChecks)
                else {
                    return Answer.problem(.notFound, "the file is no longer where the journal saw it, or it has changed")
                }
                return Self.original(
                    original, contentHash: file.contentHash, name: (file.path as NSString).lastPathComponent, request: request)
            }
            guard let entry = try await lookUp(context.parameters.get("id")),
                let original = try await OriginalPhoto.loadOffThePool(entry, allowedFolders: allowed, checks: originalChecks)
            else {
                return Answer.problem(.notFound, "the photo is no longer where the journal saw it, or it has changed")
            }
            let name = (entry.sourcePath as NSString).lastPathComponent
            guard form == "jpeg" else {
                return Self.original(original, contentHash: entry.contentHash, name: name, request: request)
            }
            switch try await previews.servedJPEGOriginal(for: entry, original: original) {
            case .jpeg(let bytes):
                let jpegName = (name as NSString).deletingPathExtension + ".jpg"
                return Self.original(ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)), type: "image/jpeg", name: jpegName)
            case .originalMissing:
                return Answer.problem(.notFound, "the photo is no longer where the journal saw it, or it has changed")
            case .refused(let reason):
                return Answer.problem(.unprocessableContent, "no JPEG could be made of this photo: \(reason)")
            }
        }
        router.get("/static/:name") { request, context in
            guard let name = context.parameters.get("name"), let asset = StaticAssets.file(name) else {
                return Answer.problem(.notFound, "no such file")
            }
            return Response(
                status: .ok, headers: [.contentType: asset.type, .cacheControl: "no-cache", .eTag: asset.etag],
                body: ResponseBody(byteBuffer: ByteBuffer(string: asset.text)))
        }
        router.get("/vendor/**") { request, context in
            let name = context.parameters.getCatchAll().joined(separator: "/")
            guard let file = try await BlockingPools.files.runIfActive({ [vendor] in vendor.file(name) }) else {
                return Answer.problem(.notFound, "no such file (is libjs-leaflet installed?)")
            }
            return Response(
                status: .ok, headers: [.contentType: file.type, .cacheControl: "public, max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
    }

    /// A photo that gives no preview here (too big for the decode limits, or damaged) is not a
    /// server error: its thumbnail stands in, not cached, so a preview is tried again later
    /// (when the limits allow it); without one, a one-line "no preview: …" answer.
    func stand(in entry: JournalEntry, for reason: PhotoDecodeError) async throws -> Response {
        guard let name = entry.thumbnailName, let bytes = try await BlockingPools.files.runIfActive({ try thumbnails.read(name) })
        else {
            return Answer.problem(.unprocessableContent, "no preview: \(reason)")
        }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The photo itself (or its JPEG rendition), shown inline under its own file name.
    static func original(_ body: ResponseBody, type: String, name: String) -> Response {
        Response(status: .ok, headers: originalHeaders(type: type, name: name), body: body)
    }

    static func originalHeaders(type: String, name: String) -> HTTPFields {
        [
            .contentType: type, .cacheControl: "private, max-age=3600",
            .contentDisposition:
                "inline; filename*=UTF-8''\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "photo.jpg")",
        ]
    }

    /// Files named by content hash never change: cached for a year, revalidated by ETag.
    static func immutable(_ bytes: [UInt8], type: String, etag: String, request: Request) -> Response {
        if request.headers[.ifNoneMatch] == etag { return notModified(etag) }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable", .eTag: etag],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A thumbnail still waiting for its full version (`JournalStore.awaitsRefinement`).
    static func firstLook(_ bytes: [UInt8]) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func notModified(_ etag: String) -> Response {
        Response(status: .notModified, headers: [.cacheControl: "public, max-age=31536000, immutable", .eTag: etag])
    }
}
