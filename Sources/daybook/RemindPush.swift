import DaybookReminders
import DaybookStore
import Foundation

/// `daybook remind --push-subscription FILE`: a browser's subscription added to the library's.
enum RemindPush {
    static func add(_ path: String, library: Library) throws {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: path) else {
                throw CommandError(description: "cannot read \(path)")
            }
            data = read
        }
        let subscription = try PushSubscriptions.subscription(json: data)
        let stored = try PushSubscriptions.update(in: library) { try $0.add(subscription) }
        let host = URLComponents(string: subscription.endpoint)?.host ?? subscription.endpoint
        Console.output("push: the reminder goes to this browser too (through \(host)); \(stored.subscriptions.count) in all")
    }
}
