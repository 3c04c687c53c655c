import NIOCore

/// The login form: the password alone, and where to go once it is right.
struct LoginPage: Sendable {
    let frame: PageFrame
    let action: String
    /// A path of this journal (`LoginPath.safe`).
    let next: String
    let problem: String?
    /// The trust page, when `--https` made a local authority.
    let trust: String?
}

/// The local authority's certificate for phones: how to install it, and its fingerprint.
struct TrustPage: Sendable {
    let frame: PageFrame
    let name: String
    let fingerprint: String
    let download: String
    let back: String
}

extension LoginPage: PageModel {
    static let page = TemplateLibrary.Page.login

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .action: .init(action)
        case .next: .init(next)
        case .problem: .init(problem)
        case .trust: .init(trust)
        default: nil
        }
    }
}

extension TrustPage: PageModel {
    static let page = TemplateLibrary.Page.trust

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .frame: .init(frame)
        case .name: .init(self.name)
        case .fingerprint: .init(fingerprint)
        case .download: .init(download)
        case .back: .init(back)
        default: nil
        }
    }
}

extension JournalPages {
    /// The pages anyone may see: no navigation, no edit token, no Log out.
    private func publicFrame(_ title: String) -> PageFrame {
        var frame = PageFrame(title: title, links: links)
        frame.compact = true
        frame.bodyClass = "login"
        return frame
    }

    func login(next: String, problem: String?, trust: String?) throws -> ByteBuffer {
        try body(
            LoginPage(frame: publicFrame("Log in"), action: LoginPath.login, next: next, problem: problem, trust: trust),
            capacity: 4 * 1024)
    }

    func trust(_ authority: AuthorityCertificate) throws -> ByteBuffer {
        try body(
            TrustPage(
                frame: publicFrame("Trust this journal"), name: authority.name, fingerprint: authority.fingerprint,
                download: TrustLinks.certificate, back: links.timeline), capacity: 8 * 1024)
    }
}
