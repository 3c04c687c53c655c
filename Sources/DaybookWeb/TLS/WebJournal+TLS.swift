import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOCore
import NIOSSL

extension WebJournal {
    /// HTTP/1.1, inside TLS when there is a certificate; a connection silent for
    /// `idleTimeout` is closed, before or after its TLS handshake alike. `headers` go on the
    /// answers written below the routes too (`HTTP1Handlers`).
    static func server(tls: TLSConfiguration?, idleTimeout: Duration, headers: SecurityHeaders) -> HTTPServerBuilder {
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HTTP1Handlers.Placement(headers: headers)], idleTimeout: TimeAmount(idleTimeout))
        guard let tls else { return .http1(configuration: http) }
        return HTTPServerBuilder { responder in
            try TLSChannel(HTTP1Channel(responder: responder, configuration: http), tlsConfiguration: tls)
        }
    }

    /// Where to listen, and at most `connectionLimit` connections at once: a crowd of sockets
    /// that send nothing waits in the kernel's queue instead of using up the process's
    /// descriptors, and the idle timeout frees their places.
    static func listening(_ configuration: WebConfiguration) -> ApplicationConfiguration {
        ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: nil,
            availableConnectionsDelegate: MaximumAvailableConnections(configuration.connectionLimit))
    }

    /// The certificate and key as TLS's settings; a pair BoringSSL refuses stops the server here.
    static func tlsConfiguration(_ identity: TLSIdentity?) throws(WebError) -> TLSConfiguration? {
        guard let identity else { return nil }
        do { return try identity.serverConfiguration() } catch { throw .tls("the TLS certificate and key cannot be used: \(error)") }
    }
}
