import HTTPTypes

/// Why an upload was not kept, in one line a person can act on, with its HTTP status.
enum UploadProblem: Error, Sendable, Equatable {
    /// The request itself is wrong: a header missing or malformed.
    case badRequest(String)
    case noLength
    case tooLarge(limit: Int)
    /// The first bytes are no photo or video daybook reads.
    case notAccepted(String)
    /// The ingester read the file and refused it (damaged, too large a video).
    case refused(String)
    /// The client stopped sending before the end; nobody is left to answer.
    case dropped
    /// The server could not keep it (a full disk, a folder it cannot write).
    case server(String)

    var status: HTTPResponse.Status {
        switch self {
        case .badRequest, .dropped: return .badRequest
        case .noLength: return .lengthRequired
        case .tooLarge: return .contentTooLarge
        case .notAccepted: return .unsupportedMediaType
        case .refused: return .unprocessableContent
        case .server: return .internalServerError
        }
    }

    var message: String {
        switch self {
        case .badRequest(let message), .notAccepted(let message), .refused(let message), .server(let message): return message
        case .noLength: return "the upload needs a Content-Length: send the file's bytes as the body, not in chunks"
        case .tooLarge(let limit):
            return "this file is larger than the \(UploadLimits.describe(limit)) this journal takes (serve --max-upload)"
        case .dropped: return "the transfer stopped before the end of the file; nothing was kept: send it again"
        }
    }
}
