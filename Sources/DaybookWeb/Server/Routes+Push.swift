import DaybookStore
import Foundation
import Hummingbird

/// Where the on-this-day page's "Remind me every morning" subscribes (remind.js).
enum PushLinks {
    static let key = "/push/key"
    static let subscribe = "/push/subscribe"
    static let unsubscribe = "/push/unsubscribe"
}

extension RemindForm {
    static let server = RemindForm(key: PushLinks.key, subscribe: PushLinks.subscribe, unsubscribe: PushLinks.unsubscribe)
}

extension WebJournal {
    /// A browser's subscription is a few hundred bytes; nothing longer is read.
    static let pushBodyLimit = 4096

    /// The web side of the morning reminder (docs/reminders.md, "Web Push"): the library's
    /// VAPID public key a browser subscribes with, and its subscription kept in
    /// `push-subscriptions.json` or forgotten, for `daybook remind` to push to. The POSTs are
    /// edits like any other: the guard checks their Origin, the password and whether the
    /// library is writable; here, the token and every field. The files are read and written on
    /// the files pool, never on the cooperative one.
    func addPushRoutes(to router: Router<BasicRequestContext>) {
        let library = store.library
        router.get(RouterPath(PushLinks.key)) { _, _ in
            do {
                let key = try await BlockingPools.files.runIfActive { try VAPIDKey.load(in: library).publicKey }
                return try Answer.json(["key": key])
            } catch {
                // A library this server cannot write, without a key yet, or a key file spoiled
                // by hand; the reason stays on the server, the remedy is said.
                return Answer.problem(
                    .serviceUnavailable, "this journal has no push key: run `daybook remind --push-public-key` on the server")
            }
        }
        router.post(RouterPath(PushLinks.subscribe)) { request, _ in
            try await pushChange(request) { body in
                let subscription: PushSubscriptions.Subscription
                do {
                    subscription = try PushSubscriptions.subscription(json: body)
                } catch let error as PushSubscriptionError {
                    return Answer.problem(.badRequest, error.description)
                }
                do {
                    let stored = try PushSubscriptions.update(in: library) { try $0.add(subscription) }
                    return try Answer.json(PushState(subscribed: true, browsers: stored.subscriptions.count))
                } catch let error as PushSubscriptionError {
                    return Answer.problem(.conflict, error.description)
                }
            }
        }
        router.post(RouterPath(PushLinks.unsubscribe)) { request, _ in
            try await pushChange(request) { body in
                guard let named = try? JSONDecoder().decode(PushEndpoint.self, from: body) else {
                    return Answer.problem(.badRequest, "expected {\"endpoint\": …}, the subscription to turn off")
                }
                do {
                    try PushSubscriptions.checkEndpoint(named.endpoint)
                } catch let error as PushSubscriptionError {
                    return Answer.problem(.badRequest, error.description)
                }
                let stored = try PushSubscriptions.update(in: library) { $0.remove(endpoint: named.endpoint) }
                return try Answer.json(PushState(subscribed: false, browsers: stored.subscriptions.count))
            }
        }
    }

    /// A push POST's body, once its token is checked, handed to `change` on the files pool.
    private func pushChange(_ request: Request, _ change: @escaping @Sendable (Data) throws -> Response) async throws -> Response {
        guard csrf.accepts(request.headers[Self.csrfHeader]) else {
            return Answer.problem(.forbidden, "the page's token is missing or stale: reload the page and try again")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: Self.pushBodyLimit)
        } catch {
            return Answer.problem(.contentTooLarge, "a push subscription is at most \(Self.pushBodyLimit) bytes")
        }
        let body = Data(buffer.readableBytesView)
        return try await BlockingPools.files.runIfActive { try change(body) }
    }
}

/// What a push POST answers: whether this browser is now subscribed, and how many are.
struct PushState: Encodable {
    let subscribed: Bool
    let browsers: Int
}

/// The unsubscribe's body: the endpoint alone (a whole subscription's JSON names it too).
private struct PushEndpoint: Decodable {
    let endpoint: String
}
