import NIOCore
import NIOHTTP1

/// Handlers that see each request and answer as HTTP/1 parsed them, before Hummingbird turns
/// them into HTTPTypes' values: what that conversion drops (an absolute-form target's host),
/// and the answers Hummingbird writes itself, without a route (a 400 for a request that does
/// not parse).
enum HTTP1Handlers {
    /// Hummingbird adds its extra handlers after its conversion to HTTPTypes; this one puts
    /// the handlers before it, right behind the HTTP/1 parser. A connection where they cannot
    /// be placed is closed rather than served without them.
    final class Placement: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        let headers: SecurityHeaders

        init(headers: SecurityHeaders) { self.headers = headers }

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            do {
                let parser = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try pipeline.addHandlers([AbsoluteFormTarget(), OwnAnswerHeaders(headers: headers)], position: .after(parser))
            } catch {
                context.close(promise: nil)
            }
        }
    }

    /// RFC 9112 §3.2.2: a request whose target is in absolute form (`GET http://host/path`, as
    /// a client writes it to a proxy) is for the target's host, whatever its `Host` says; the
    /// conversion keeps only the path. The target's host is put first among the `Host` fields,
    /// which `WebGuard` checks every one of; the fields sent stay checked too.
    final class AbsoluteFormTarget: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .head(var head) = unwrapInboundIn(data), let authority = Self.authority(of: head.uri) else {
                context.fireChannelRead(data)
                return
            }
            let sent = head.headers["Host"]
            head.headers.remove(name: "Host")
            for host in [authority] + sent { head.headers.add(name: "Host", value: host) }
            context.fireChannelRead(wrapInboundOut(.head(head)))
        }

        /// The host a target names: nil for the origin form (`/path`) and the asterisk form
        /// (`*`); the authority of the absolute form; anything else whole, as the authority
        /// form (`host:port`, CONNECT's) is, where no name the journal answers to can match it.
        static func authority(of target: String) -> String? {
            guard !target.hasPrefix("/"), target != "*" else { return nil }
            guard let scheme = target.range(of: "://") else { return target }
            return String(target[scheme.upperBound...].prefix { !"/?#".contains($0) })
        }
    }

    /// The security headers on an answer that has none: one Hummingbird wrote itself, below
    /// `WebGuard`, which puts them on every answer of the routes.
    final class OwnAnswerHeaders: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart
        let headers: SecurityHeaders

        init(headers: SecurityHeaders) { self.headers = headers }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            guard case .head(var head) = unwrapOutboundIn(data), !head.headers.contains(name: "Content-Security-Policy") else {
                context.write(data, promise: promise)
                return
            }
            for field in headers.fields { head.headers.add(name: field.name.rawName, value: field.value) }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        }
    }
}
