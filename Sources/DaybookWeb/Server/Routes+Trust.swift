import Hummingbird

/// Where the local authority's certificate is offered (public: a phone fetches it before it
/// can log in over a connection it trusts).
enum TrustLinks {
    static let page = "/trust"
    static let certificate = "/trust/daybook-ca.crt"
}

extension WebJournal {
    /// `/trust`: the steps to install the authority's certificate on a phone, and its
    /// fingerprint to compare; `/trust/daybook-ca.crt`: the certificate (DER), with the type
    /// that makes iOS offer it as a profile and Android as a CA certificate. Both answer 404
    /// unless `--https` made the authority.
    func addTrustRoutes(to router: Router<BasicRequestContext>) {
        let authority = configuration.authority
        router.get(RouterPath(TrustLinks.page)) { _, _ in
            guard let authority else { return Answer.problem(.notFound, "this journal has no certificate authority of its own") }
            return Answer.html(try pages.trust(authority))
        }
        router.get(RouterPath(TrustLinks.certificate)) { _, _ in
            guard let authority else { return Answer.problem(.notFound, "this journal has no certificate authority of its own") }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/x-x509-ca-cert", .contentDisposition: "attachment; filename=\"daybook-ca.crt\"",
                    .cacheControl: "no-store",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: authority.der)))
        }
    }
}
