import DaybookStore
import Foundation

/// `LIBRARY/push-subscriptions.json`: the browsers the reminder is pushed to, each as its
/// `PushSubscription.toJSON()` gave it (the push service's endpoint, and the keys that only
/// that browser can decrypt with).
package struct PushSubscriptions: Sendable, Equatable, Codable {
    static let fileName = "push-subscriptions.json"
    static let maximumBytes = 1 << 20

    package struct Subscription: Sendable, Equatable, Codable {
        package struct Keys: Sendable, Equatable, Codable {
            package var p256dh: String
            package var auth: String
        }

        package var endpoint: String
        package var keys: Keys
    }

    package var version = 1
    package var subscriptions: [Subscription] = []

    package init() {}

    package static func read(in library: Library) throws -> PushSubscriptions {
        guard let data = try LibraryFile.read(fileName, in: library, maximumBytes: maximumBytes) else { return PushSubscriptions() }
        do {
            return try LibraryFile.decoder.decode(PushSubscriptions.self, from: data)
        } catch {
            throw ReminderError("\(library.root.appendingPathComponent(fileName).path) is not a list of push subscriptions: \(error)")
        }
    }

    package func write(in library: Library) throws {
        try library.writeFile(try LibraryFile.encoder.encode(self) + Data("\n".utf8), name: Self.fileName)
    }

    /// A browser's subscription (its `toJSON()`), checked: an https endpoint (http only on
    /// loopback, for tests and a push service of one's own), a P-256 key and a 16-byte secret.
    package static func subscription(json data: Data) throws -> Subscription {
        guard let subscription = try? JSONDecoder().decode(Subscription.self, from: data) else {
            throw ReminderError("not a push subscription: expected {\"endpoint\": …, \"keys\": {\"p256dh\": …, \"auth\": …}}")
        }
        guard let url = URLComponents(string: subscription.endpoint), let host = url.host,
            url.scheme == "https" || (url.scheme == "http" && ["127.0.0.1", "localhost", "::1"].contains(host))
        else { throw ReminderError("the push endpoint must be an https URL (got \(subscription.endpoint))") }
        guard Base64URL.decode(subscription.keys.p256dh)?.count == 65, Base64URL.decode(subscription.keys.auth)?.count == 16 else {
            throw ReminderError("the subscription's keys are not a P-256 key (p256dh) and a 16-byte secret (auth)")
        }
        return subscription
    }

    /// Adds `subscription`, or replaces the one of the same endpoint.
    package mutating func add(_ subscription: Subscription) {
        subscriptions.removeAll { $0.endpoint == subscription.endpoint }
        subscriptions.append(subscription)
    }
}
