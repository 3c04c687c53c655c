import DaybookNetwork
import DaybookPresentation
import DaybookStore
import Foundation

/// The reminder pushed to browsers (Web Push: RFC 8030's push services, RFC 8291's encryption,
/// RFC 8292's VAPID). The browser's service worker shows it as a notification: the subject,
/// one line a year, and the day's page to open.
package struct PushChannel: ReminderChannel {
    package let name = "push"
    let library: Library
    let contact: String

    /// `contact` is how a push service reaches the sender (mailto: or https:), in the token.
    package init(library: Library, contact: String) {
        self.library = library
        self.contact = contact
    }

    /// What the service worker (sw.js, its `push` handler) reads: {"title", "body", "url", "icon"}.
    func payload(_ reminder: Reminder) throws -> [UInt8] {
        let object: [String: String] = [
            "title": reminder.subject, "body": reminder.notificationText, "url": reminder.link ?? "/on-this-day",
            // Relative: the worker resolves it against its own journal, whose icon it is.
            "icon": "/icons/icon-192.png",
        ]
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    package func preview(_ reminder: Reminder, pictures: ReminderPictures) -> ChannelPreview {
        let count = (try? PushSubscriptions.read(in: library).subscriptions.count) ?? 0
        return ChannelPreview(
            channel: name, to: "\(count) browser\(count == 1 ? "" : "s")", subject: reminder.subject, text: reminder.notificationText,
            html: nil, messageId: nil, pictures: [])
    }

    package func send(_ reminder: Reminder, pictures: ReminderPictures) throws -> ChannelReceipt {
        let stored = try PushSubscriptions.read(in: library)
        guard !stored.subscriptions.isEmpty else { throw ReminderError("no browser has subscribed") }
        let curl: CurlLibrary
        switch CurlLibrary.shared {
        case .success(let library): curl = library
        case .failure(let missing): throw ReminderError("libcurl is missing (\(missing.reason)); install libcurl4 to push")
        }
        let key = try VAPIDKey.load(in: library)
        let payload = try payload(reminder)
        var delivered = 0
        var gone: [String] = []
        var failures: [String] = []
        for subscription in stored.subscriptions {
            let host = URLComponents(string: subscription.endpoint)?.host ?? subscription.endpoint
            do {
                let message = try WebPushMessage(
                    payload: payload, p256dh: Base64URL.decode(subscription.keys.p256dh) ?? [],
                    auth: Base64URL.decode(subscription.keys.auth) ?? [])
                let headers = [
                    "Authorization: \(try key.authorization(endpoint: subscription.endpoint, contact: contact))",
                    "Content-Encoding: aes128gcm", "Content-Type: application/octet-stream", "TTL: 86400", "Urgency: normal",
                ]
                let status = try curl.post(subscription.endpoint, headers: headers, body: message.body, timeoutSeconds: 30)
                switch status {
                case 200..<300: delivered += 1
                // The browser unsubscribed, or its subscription expired: it will never take one again.
                case 404, 410: gone.append(subscription.endpoint)
                default: failures.append("\(host) answered \(status)")
                }
            } catch {
                failures.append("\(host): \(error)")
            }
        }
        if !gone.isEmpty {
            try PushSubscriptions.update(in: library) { list in list.subscriptions.removeAll { gone.contains($0.endpoint) } }
        }
        guard failures.isEmpty else { throw ReminderError("push failed: " + failures.joined(separator: "; ")) }
        let note = "to \(delivered) browser\(delivered == 1 ? "" : "s")"
        return ChannelReceipt(note: note + (gone.isEmpty ? "" : " (\(gone.count) gone, forgotten)"), messageID: nil)
    }
}
