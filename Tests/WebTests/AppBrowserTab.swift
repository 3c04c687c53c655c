import Foundation
import XCTest

/// What the app's browser tests ask of a tab beyond `DevToolsPipe.Tab`: a value a promise
/// gives, a navigation, the network cut and back, and waiting for the page to say something.
extension DevToolsPipe.Tab {
    /// The value of `expression`, awaited when it is a promise.
    func awaited(_ expression: String) async throws -> Any? {
        let result = try await browser.send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] { throw DevToolsPipe.Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Goes to `url` and waits for its document.
    func go(to url: String) async throws {
        _ = try await evaluate("window.daybookOldPage = true")
        _ = try await browser.send("Page.navigate", ["url": url], session: session)
        try await waitUntilLoaded()
    }

    /// The page's network (and `navigator.onLine`) cut or back, as a phone losing its signal.
    func setOffline(_ offline: Bool) async throws {
        _ = try await browser.send("Network.enable", [:], session: session)
        _ = try await browser.send(
            "Network.emulateNetworkConditions",
            ["offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1], session: session)
    }

    /// Waits until `expression` is true (a string that is not empty, a true Bool), or fails saying `what`.
    @discardableResult
    func waitFor(_ expression: String, _ what: String, seconds: Int = 15) async throws -> Any? {
        for _ in 0..<(seconds * 20) {
            let value = try await awaited(expression)
            if let flag = value as? Bool, flag { return flag }
            if let text = value as? String, !text.isEmpty { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        let page = try? await evaluate("location.href + ': ' + document.body.innerText.slice(0, 400)") as? String
        throw DevToolsPipe.Failure(description: "waited \(seconds) s for \(what): \(expression); the page: \(page ?? "?")")
    }

    /// Waits until the service worker has installed and controls this page.
    func waitForServiceWorker() async throws {
        try await waitFor("navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)", "the service worker")
    }
}
