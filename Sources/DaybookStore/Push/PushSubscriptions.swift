import Crypto
import Foundation

/// `LIBRARY/push-subscriptions.json`: the browsers the reminder is pushed to, each as its
/// `PushSubscription.toJSON()` gave it (the push service's endpoint, and the keys that only
/// that browser can decrypt with). In the store because the web journal adds and removes them
/// and the reminder reads them and forgets the gone ones.
package struct PushSubscriptions: Sendable, Equatable, Codable {
    static let fileName = "push-subscriptions.json"
    static let maximumBytes = 1 << 20
    /// Each browser is pushed to in turn, every morning; more than this is not a household's.
    package static let maximumCount = 50
    /// Browsers' endpoints are a few hundred characters.
    package static let maximumEndpointLength = 2048

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
            throw LibraryFileError("\(library.root.appendingPathComponent(fileName).path) is not a list of push subscriptions: \(error)")
        }
    }

    package func write(in library: Library) throws {
        try library.writeFile(try LibraryFile.encoder.encode(self) + Data("\n".utf8), name: Self.fileName)
    }

    /// Reads, changes and writes the list holding its lock, so that a browser subscribing
    /// while `daybook remind` forgets a gone one loses neither change. Writes only a change.
    @discardableResult
    package static func update(in library: Library, _ change: (inout PushSubscriptions) throws -> Void) throws -> PushSubscriptions {
        try LibraryFile.locked(fileName, in: library) {
            var stored = try read(in: library)
            let before = stored
            try change(&stored)
            if stored != before { try stored.write(in: library) }
            return stored
        }
    }

    /// A browser's subscription (its `toJSON()`), checked: an https endpoint, a P-256 key and a
    /// 16-byte secret. http is taken only on loopback (127.0.0.1, localhost, ::1): a push
    /// service of one's own on this machine, and the tests'.
    package static func subscription(json data: Data) throws -> Subscription {
        guard let subscription = try? JSONDecoder().decode(Subscription.self, from: data) else {
            throw PushSubscriptionError("not a push subscription: expected {\"endpoint\": …, \"keys\": {\"p256dh\": …, \"auth\": …}}")
        }
        try checkEndpoint(subscription.endpoint)
        guard let p256dh = Base64URL.decode(subscription.keys.p256dh), p256dh.count == 65,
            (try? P256.KeyAgreement.PublicKey(x963Representation: p256dh)) != nil
        else { throw PushSubscriptionError("the subscription's p256dh is not a P-256 public key (65 bytes, base64url)") }
        guard Base64URL.decode(subscription.keys.auth)?.count == 16 else {
            throw PushSubscriptionError("the subscription's auth is not a 16-byte secret (base64url)")
        }
        return subscription
    }

    /// Refuses what is not a push service's URL as a browser gives it.
    package static func checkEndpoint(_ endpoint: String) throws {
        guard endpoint.utf8.count <= maximumEndpointLength else {
            throw PushSubscriptionError("the push endpoint is longer than \(maximumEndpointLength) characters")
        }
        guard endpoint.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }),
            let url = URLComponents(string: endpoint), let host = url.host, !host.isEmpty, url.user == nil, url.password == nil,
            url.scheme == "https" || (url.scheme == "http" && ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host))
        else {
            throw PushSubscriptionError("the push endpoint must be an https URL (http only on this machine's loopback)")
        }
    }

    /// Adds `subscription`, or replaces the one of the same endpoint (a browser subscribing
    /// again changes nothing but its keys).
    package mutating func add(_ subscription: Subscription) throws {
        subscriptions.removeAll { $0.endpoint == subscription.endpoint }
        guard subscriptions.count < Self.maximumCount else {
            throw PushSubscriptionError("\(Self.maximumCount) browsers are subscribed already: turn one off first")
        }
        subscriptions.append(subscription)
    }

    /// Forgets the subscription of `endpoint`, if there is one.
    package mutating func remove(endpoint: String) {
        subscriptions.removeAll { $0.endpoint == endpoint }
    }
}

/// A subscription refused, in words for whoever sent it.
package struct PushSubscriptionError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
