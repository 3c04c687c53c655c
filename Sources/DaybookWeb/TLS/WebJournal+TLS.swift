import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL

extension WebJournal {
    /// HTTP/1.1, inside TLS when there is a certificate.
    static func server(tls: TLSConfiguration?) -> HTTPServerBuilder {
        guard let tls else { return .http1() }
        return HTTPServerBuilder { responder in try TLSChannel(HTTP1Channel(responder: responder), tlsConfiguration: tls) }
    }

    /// The certificate and key as TLS's settings; a pair BoringSSL refuses stops the server here.
    static func tlsConfiguration(_ identity: TLSIdentity?) throws(WebError) -> TLSConfiguration? {
        guard let identity else { return nil }
        do { return try identity.serverConfiguration() } catch { throw .tls("the TLS certificate and key cannot be used: \(error)") }
    }
}
