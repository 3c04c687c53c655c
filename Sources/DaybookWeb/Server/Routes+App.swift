import Foundation
import Hummingbird

extension WebJournal {
    /// The journal as an app on a phone (docs/web.md, "On a phone"): its manifest and icons,
    /// the service worker at the root so that its scope is every page, the page it shows
    /// offline, the token a queued change is sent with, and the share target's landing.
    func addAppRoutes(to router: Router<BasicRequestContext>) {
        router.get("/manifest.webmanifest") { request, _ in Self.revalidated(AppFiles.manifest, request: request) }
        router.get("/icons/:name") { request, context in
            guard let name = context.parameters.get("name"), let icon = AppFiles.icons[name] else {
                return Answer.problem(.notFound, "no such icon")
            }
            return Self.revalidated(icon, request: request)
        }
        // Asked again on every visit (`no-cache`), so a new version reaches the phone.
        router.get("/sw.js") { request, _ in Self.revalidated(AppFiles.serviceWorker, request: request) }
        router.get("/offline") { _, _ in
            Answer.html(try pages.message("Offline", "This page was not saved on this phone. Pages opened before are."))
        }
        // A change queued offline is sent after the server may have started again, with a new
        // token; a page's script reads it here (a foreign page cannot: no CORS).
        router.get("/app/csrf") { _, _ in try Answer.json(["csrf": csrf.value]) }
        // The share sheet posts here only when the service worker has not been installed yet,
        // which keeps the files itself: the files are read and let go, and the form says why.
        router.post("/share") { request, _ in
            var seen = 0
            for try await part in request.body {
                seen += part.readableBytes
                if seen > Self.shareDrainLimit {
                    return Answer.problem(.contentTooLarge, "Open Daybook once, then share again: it keeps what is shared")
                }
            }
            return Answer.seeOther("/new?share=first")
        }
    }

    /// What a share without the service worker may send before the server stops reading it.
    static let shareDrainLimit = 64 << 20

    /// The line the New-entry form shows after a share the service worker did not take.
    static let shareFirstLine = "To share photos to Daybook, open Daybook once on this phone first, then share again."

    /// A file that changes only with the binary: its ETag, revalidated on each use.
    static func revalidated(_ file: AppFiles.File, request: Request) -> Response {
        if request.headers[.ifNoneMatch] == file.etag {
            return Response(status: .notModified, headers: [.cacheControl: "no-cache", .eTag: file.etag])
        }
        return Response(
            status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache", .eTag: file.etag],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
