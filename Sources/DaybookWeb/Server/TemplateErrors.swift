import Hummingbird
import Logging

/// A page whose template fails (`TemplateError`): a 500 that says so, and the reason in the
/// server's log at error level. Hummingbird would answer any other error with an empty 500 and
/// log it at debug level only, where a broken template would go unseen.
struct TemplateErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as TemplateError {
            context.logger.error("page not rendered: \(error)", metadata: ["uri": "\(request.uri)"])
            return Answer.problem(.internalServerError, "This page could not be rendered: the server's log says why.")
        }
    }
}
