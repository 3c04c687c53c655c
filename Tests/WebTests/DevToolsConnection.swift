import Foundation
import Synchronization
import XCTest

/// Headless Chromium with `--remote-debugging-pipe`: DevTools commands written to its
/// descriptor 3 and answers read from its descriptor 4, each a JSON object ended by a NUL
/// byte. Blocking calls, one at a time; `DevToolsPipe` (async tabs) and `JourneyBrowser`
/// (one tab that keeps the page's problems) are built on it.
final class DevToolsConnection {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let process = Process()
    private let commands = Pipe()
    private let answers = Pipe()
    private var buffer = Data()
    private var nextID = 0

    /// `arguments` go to chromium after the profile, before `--remote-debugging-pipe`.
    init(chromium: String, profile: URL, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell hands the pipes over as descriptors 3 and 4, then becomes chromium.
        process.arguments =
            [
                "-c",
                "profile=$1; shift; exec \"$0\" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=\"$profile\" "
                    + "\"$@\" --remote-debugging-pipe about:blank 3<&0 4>&1 0</dev/null 1>/dev/null",
                chromium, profile.path,
            ] + arguments
        process.standardInput = commands
        process.standardOutput = answers
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func close() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Sends one command and waits for its answer's `result`. The events that come before the
    /// answer go to `event` (their method and parameters).
    func send(
        _ method: String, _ parameters: [String: Any], session: String? = nil,
        event: (String, [String: Any]) -> Void = { _, _ in }
    ) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        commands.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: message) + Data([0]))
        while true {
            let answer = try readMessage()
            if let name = answer["method"] as? String {
                event(name, answer["params"] as? [String: Any] ?? [:])
                continue
            }
            guard answer["id"] as? Int == nextID else { continue }
            if let error = answer["error"] { throw Failure(description: "\(method): \(error)") }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                return try JSONSerialization.jsonObject(with: message) as? [String: Any] ?? [:]
            }
            let chunk = answers.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Failure(description: "chromium closed the DevTools pipe") }
            buffer.append(chunk)
        }
    }
}

/// A `DevToolsConnection` for async tests: each command runs off Swift's cooperative
/// threads, one at a time, and its tabs can be typed into and clicked.
final class DevToolsPipe: Sendable {
    typealias Failure = DevToolsConnection.Failure

    private let connection: Mutex<DevToolsConnection>

    /// `arguments` go to chromium as `DevToolsConnection`'s do.
    init(chromium: String, profile: URL, arguments: [String] = []) throws {
        connection = Mutex(try DevToolsConnection(chromium: chromium, profile: profile, arguments: arguments))
    }

    func close() {
        connection.withLock { $0.close() }
    }

    /// Sends one command and waits for its answer (events in between are passed over).
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) async throws -> [String: Any] {
        let encoded = try JSONSerialization.data(withJSONObject: parameters)
        let answer: Data = try await withCheckedThrowingContinuation { continuation in
            // Blocking reads, off Swift's cooperative threads.
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.sendBlocking(method, encoded, session: session) })
            }
        }
        return try JSONSerialization.jsonObject(with: answer) as? [String: Any] ?? [:]
    }

    /// The answer's `result`, as JSON.
    private func sendBlocking(_ method: String, _ parameters: Data, session: String?) throws -> Data {
        try connection.withLock { connection in
            let decoded = try JSONSerialization.jsonObject(with: parameters) as? [String: Any] ?? [:]
            return try JSONSerialization.data(withJSONObject: try connection.send(method, decoded, session: session))
        }
    }

    func open(_ url: String) async throws -> Tab {
        let created = try await send("Target.createTarget", ["url": url])
        let target = try XCTUnwrap(created["targetId"] as? String)
        let attached = try await send("Target.attachToTarget", ["targetId": target, "flatten": true])
        let session = try XCTUnwrap(attached["sessionId"] as? String)
        let tab = Tab(browser: self, session: session)
        try await tab.waitUntilLoaded()
        return tab
    }

    struct Tab: Sendable {
        let browser: DevToolsPipe
        let session: String

        func evaluate(_ expression: String) async throws -> Any? {
            let result = try await browser.send(
                "Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
            if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
            return (result["result"] as? [String: Any])?["value"]
        }

        /// Selects what the field holds and types over it, as a keyboard (or an input method) does.
        func type(_ text: String, into selector: String) async throws {
            _ = try await evaluate("document.querySelector('\(selector)').select()")
            _ = try await browser.send("Input.insertText", ["text": text], session: session)
        }

        /// Clicks, then waits until another document has loaded (after the POST and its redirect).
        func clickAndWaitForNextPage(_ selector: String) async throws {
            _ = try await evaluate("window.daybookOldPage = true; document.querySelector('\(selector)').click()")
            try await waitUntilLoaded()
        }

        func waitUntilLoaded() async throws {
            for _ in 0..<200 {
                // A new tab is about:blank, already complete, until the page's own document replaces it.
                let state =
                    try await evaluate(
                        "window.daybookOldPage || location.href === 'about:blank' ? 'old' : document.readyState") as? String
                if state == "complete" { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw Failure(description: "the page did not load in 10 s")
        }
    }
}
