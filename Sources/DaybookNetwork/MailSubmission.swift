import CCurl

#if canImport(Glibc)
    import Glibc
#endif

/// Where and how a message is handed to a mail server (SMTP submission): the server's URL,
/// the envelope's sender and recipients, and the login.
package struct MailSubmission: Sendable {
    /// smtp://HOST:PORT (STARTTLS required) or smtps://HOST:PORT (TLS from the start).
    package var server: String
    package var from: String
    package var recipients: [String]
    package var username: String?
    package var password: String?
    /// PEM certificates to trust for this server instead of the system's.
    package var caFile: String?
    package var timeoutSeconds = 30

    package init(server: String, from: String, recipients: [String], username: String?, password: String?, caFile: String?) {
        self.server = server
        self.from = from
        self.recipients = recipients
        self.username = username
        self.password = password
        self.caFile = caFile
    }
}

/// Why a message was not handed over, in words for the person who set the server up.
package struct MailFailure: Error, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case missingLibrary, unreachable, loginDenied, tls, refused, badURL, failed
    }

    package let kind: Kind
    package let detail: String

    package init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    package var description: String {
        switch kind {
        case .missingLibrary: "libcurl is missing (\(detail)); install libcurl4 to send e-mail"
        case .unreachable: "the mail server cannot be reached: \(detail)"
        case .loginDenied: "the mail server refused the login: \(detail)"
        case .tls: "no TLS with the mail server (STARTTLS refused or its certificate not trusted): \(detail)"
        case .refused: "the mail server refused the message: \(detail)"
        case .badURL: "the mail server's address is not an smtp:// or smtps:// URL: \(detail)"
        case .failed: "the e-mail was not sent: \(detail)"
        }
    }
}

extension CurlLibrary {
    /// Hands `message` (a whole RFC 5322 message, CRLF line ends) to the server; blocking.
    package func send(_ message: [UInt8], through submission: MailSubmission) throws(MailFailure) {
        var error = [CChar](repeating: 0, count: 512)
        let outcome = Self.withCStrings(submission.recipients) { recipients in
            message.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    var request = DaybookSMTPRequest(
                        url: submission.server, from: submission.from, recipients: recipients.baseAddress!,
                        recipient_count: recipients.count, username: nil, password: nil, ca_file: nil,
                        message: text.baseAddress!, message_length: text.count, timeout_seconds: submission.timeoutSeconds)
                    return Self.withOptionalCString(submission.username) { username in
                        Self.withOptionalCString(submission.password) { password in
                            Self.withOptionalCString(submission.caFile) { caFile in
                                request.username = username
                                request.password = password
                                request.ca_file = caFile
                                return daybook_smtp_send(table, &request, &error, error.count)
                            }
                        }
                    }
                }
            }
        }
        let detail = CText.string(error)
        switch outcome {
        case DAYBOOK_SMTP_SENT: return
        case DAYBOOK_SMTP_UNREACHABLE: throw MailFailure(.unreachable, detail)
        case DAYBOOK_SMTP_LOGIN_DENIED: throw MailFailure(.loginDenied, detail)
        case DAYBOOK_SMTP_TLS_FAILED: throw MailFailure(.tls, detail)
        case DAYBOOK_SMTP_REFUSED: throw MailFailure(.refused, detail)
        case DAYBOOK_SMTP_BAD_URL: throw MailFailure(.badURL, "\(submission.server) (\(detail))")
        default: throw MailFailure(.failed, detail)
        }
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }

    /// The strings as C strings for the length of `body`, which must not keep them.
    private static func withCStrings<R>(_ texts: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>>) -> R) -> R {
        let copies = texts.map { strdup($0)! }
        defer { for copy in copies { free(copy) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }
}
