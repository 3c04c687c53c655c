import DaybookStore
import Foundation
import Hummingbird

extension WebJournal {
    func addFileRoutes(to router: Router<BasicRequestContext>) {
        router.get("/thumbnails/:name") { request, context in
            guard let name = context.parameters.get("name").flatMap(ThumbnailName.init(fileName:)),
                let bytes = try thumbnails.read(name)
            else { return Answer.problem(.notFound, "no such thumbnail") }
            return Self.immutable(bytes, type: "image/jpeg", etag: "\"\(name.contentHash)\"", request: request)
        }
        router.get("/previews/:name") { request, context in
            // Only a name of the content-hash shape, and only for an entry of this journal.
            guard let name = context.parameters.get("name").flatMap(ThumbnailName.init(fileName:)),
                let entry = try store.entry(contentHash: name.contentHash)
            else { return Answer.problem(.notFound, "no such preview") }
            let etag = "\"p-\(name.contentHash)\""
            if request.headers[.ifNoneMatch] == etag { return Self.notModified(etag) }
            let allowed = try OriginalPhoto.allowedFolders(store: store, named: configuration.originalFolders)
            guard let bytes = try previews.preview(for: entry, name: name, allowedFolders: allowed) else {
                return Answer.problem(.notFound, "the photo is no longer where the journal saw it, or it has changed")
            }
            return Self.immutable(bytes, type: "image/jpeg", etag: etag, request: request)
        }
        router.get("/originals/:id") { _, context in
            // The one way to a file outside the library: the photo an entry points to, only from
            // under a folder the library ingests from, and only while its bytes are the ones the
            // entry was made from (OriginalPhoto).
            let allowed = try OriginalPhoto.allowedFolders(store: store, named: configuration.originalFolders)
            guard let entry = try lookUp(context.parameters.get("id")), let original = OriginalPhoto.load(entry, allowedFolders: allowed)
            else {
                return Answer.problem(.notFound, "the photo is no longer where the journal saw it, or it has changed")
            }
            let name = (entry.sourcePath as NSString).lastPathComponent
            return Response(
                status: .ok,
                headers: [
                    .contentType: original.contentType, .cacheControl: "private, max-age=3600",
                    .contentDisposition:
                        "inline; filename*=UTF-8''\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "photo.jpg")",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: original.bytes)))
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
            guard let file = vendor.file(context.parameters.getCatchAll().joined(separator: "/")) else {
                return Answer.problem(.notFound, "no such file (is libjs-leaflet installed?)")
            }
            return Response(
                status: .ok, headers: [.contentType: file.type, .cacheControl: "public, max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
    }

    /// Files named by content hash never change: cached for a year, revalidated by ETag.
    static func immutable(_ bytes: [UInt8], type: String, etag: String, request: Request) -> Response {
        if request.headers[.ifNoneMatch] == etag { return notModified(etag) }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable", .eTag: etag],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func notModified(_ etag: String) -> Response {
        Response(status: .notModified, headers: [.cacheControl: "public, max-age=31536000, immutable", .eTag: etag])
    }
}
