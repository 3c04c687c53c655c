import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Headless Chromium types into the entry page's text form and saves it, against a real
/// server on 127.0.0.1: a long Japanese text is saved as typed, and a save over a text
/// changed meanwhile shows the refusal page with both texts. Driven over the DevTools
/// protocol, since `--dump-dom` cannot type. Skipped only where chromium is not installed.
final class BrowserEditTests: XCTestCase {
    func testTheBrowserSavesALongJapaneseTextAndIsToldOfAConflict() async throws {
        guard let chromium = BrowserTests.chromium else { throw XCTSkip("chromium is not installed (apt-get install chromium)") }
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        let line = String(repeating: "今日は京都の古い寺を歩いた。", count: 3)
        let text = Array(repeating: line, count: 200).joined(separator: "\n")
        let browser = try DevToolsPipe(chromium: chromium, profile: fixture.root.appendingPathComponent("chromium-profile"))
        defer { browser.close() }
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let page = try await browser.open("http://127.0.0.1:\(try XCTUnwrap(client.port))/entries/\(entry.id)")
            try await page.type(text, into: "form.text textarea")
            try await page.clickAndWaitForNextPage("form.text button")
            let after = try await page.evaluate("location.pathname + ' ' + document.body.innerText.slice(0, 200)") as? String
            // Compared, not printed: 8,400 characters would bury the message.
            XCTAssertTrue(try fixture.store.entry(id: entry.id)?.text == text, "saved as typed, in lines; the page: \(after ?? "")")
            let shown = try await page.evaluate("document.querySelector('form.text textarea').value") as? String
            XCTAssertTrue(shown == text, "the page shows it again, to edit once more")

            // Changed elsewhere while the page is open: the next save is refused, both texts shown.
            try fixture.store.edit(entryID: entry.id, text: "Written elsewhere")
            try await page.type("Typed in the browser", into: "form.text textarea")
            try await page.clickAndWaitForNextPage("form.text button")
            let heading = try await page.evaluate("document.querySelector('h1').textContent") as? String
            XCTAssertEqual(heading, "Your text was not saved")
            let current = try await page.evaluate("document.querySelector('textarea.current').value") as? String
            XCTAssertEqual(current, "Written elsewhere")
            let mine = try await page.evaluate("document.querySelector('form.text textarea').value") as? String
            XCTAssertEqual(mine, "Typed in the browser")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Written elsewhere")
            // Saving from the refusal page puts the browser's text in.
            try await page.clickAndWaitForNextPage("form.text button")
            XCTAssertEqual(try fixture.store.entry(id: entry.id)?.text, "Typed in the browser")
        }
    }
}

/// Chromium with `--remote-debugging-pipe`: DevTools commands written to its descriptor 3 and
/// answers read from its descriptor 4, each a JSON object ended by a NUL byte.
final class DevToolsPipe: @unchecked Sendable {
    private let process = Process()
    private let commands = Pipe()
    private let answers = Pipe()
    private var buffer = Data()
    private var nextID = 0
    private let lock = NSLock()

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(chromium: String, profile: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell hands the pipes over as descriptors 3 and 4, then becomes chromium.
        process.arguments = [
            "-c",
            "exec \"$0\" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=\"$1\" "
                + "--remote-debugging-pipe about:blank 3<&0 4>&1 0</dev/null 1>/dev/null",
            chromium, profile.path,
        ]
        process.standardInput = commands
        process.standardOutput = answers
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func close() {
        process.terminate()
        process.waitUntilExit()
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
        try lock.withLock {
            nextID += 1
            var message: [String: Any] = ["id": nextID, "method": method, "params": try JSONSerialization.jsonObject(with: parameters)]
            if let session { message["sessionId"] = session }
            commands.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: message) + Data([0]))
            while true {
                let answer = try readMessage()
                guard answer["id"] as? Int == nextID else { continue }
                if let error = answer["error"] { throw Failure(description: "\(method): \(error)") }
                return try JSONSerialization.data(withJSONObject: answer["result"] ?? [:])
            }
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
