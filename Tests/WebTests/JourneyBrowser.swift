import Foundation
import XCTest

/// Headless Chromium driven over `--remote-debugging-pipe`, one tab, that keeps what a user
/// would see go wrong: console messages, uncaught errors, browser log warnings and errors,
/// failed requests and 4xx/5xx answers. Blocking calls, for a test that runs the server as a
/// separate process and so has nothing to share the thread with.
final class JourneyBrowser {
    typealias Failure = DevToolsConnection.Failure

    private let connection: DevToolsConnection
    private var session = ""
    private var requests: [String: String] = [:]
    private var problems: [String] = []

    init(chromium: String, profile: URL) throws {
        connection = try DevToolsConnection(chromium: chromium, profile: profile, arguments: ["--window-size=1280,900"])
        do {
            let target = try send("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
            session = try send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String ?? ""
            for domain in ["Runtime", "Log", "Network", "Page"] { _ = try send("\(domain).enable", [:], inSession: true) }
        } catch {
            close()  // the test has no browser to close in its tear-down yet
            throw error
        }
    }

    func close() {
        connection.close()
    }

    /// Opens `url` in the tab and waits until its document and everything it loads are in.
    func open(_ url: String) throws {
        _ = try evaluate("window.journeyOldPage = true")
        _ = try send("Page.navigate", ["url": url], inSession: true)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try evaluate("window.journeyOldPage ? 'old' : document.readyState") as? String == "complete" { return }
            usleep(50_000)
        }
        throw Failure(description: "\(url) did not load in 30 s")
    }

    /// The value of a JavaScript expression; a promise is awaited.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], inSession: true)
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// What went wrong since the last call, one line each.
    func takeProblems() throws -> [String] {
        _ = try evaluate("0")  // reads the events that came before it
        defer { problems = [] }
        return problems
    }

    private func send(_ method: String, _ parameters: [String: Any], inSession: Bool = false) throws -> [String: Any] {
        try connection.send(method, parameters, session: inSession ? session : nil) { record($0, $1) }
    }

    private func record(_ event: String, _ parameters: [String: Any]) {
        // The browser asks for /favicon.ico on its own, not for the page, and the journal has
        // none: a 404 that breaks nothing a user sees.
        let url = (parameters["response"] as? [String: Any])?["url"] ?? (parameters["entry"] as? [String: Any])?["url"]
        if (url as? String)?.hasSuffix("/favicon.ico") == true { return }
        switch event {
        case "Runtime.consoleAPICalled":
            let words = (parameters["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
            problems.append("console.\(parameters["type"] ?? ""): \(words.joined(separator: " "))")
        case "Runtime.exceptionThrown":
            let details = parameters["exceptionDetails"] as? [String: Any] ?? [:]
            let exception = (details["exception"] as? [String: Any])?["description"] ?? details["text"] ?? ""
            problems.append("uncaught: \(exception)")
        case "Log.entryAdded":
            let entry = parameters["entry"] as? [String: Any] ?? [:]
            let level = entry["level"] as? String ?? ""
            if level == "error" || level == "warning" {
                problems.append("log \(level): \(entry["text"] ?? "") \(entry["url"] ?? "")")
            }
        case "Network.requestWillBeSent":
            if let id = parameters["requestId"] as? String, let request = parameters["request"] as? [String: Any] {
                requests[id] = request["url"] as? String
            }
        case "Network.responseReceived":
            let response = parameters["response"] as? [String: Any] ?? [:]
            if let status = response["status"] as? Int, status >= 400 {
                problems.append("HTTP \(status) for \(parameters["type"] ?? "") \(response["url"] ?? "")")
            }
        case "Network.loadingFailed":
            // A load the next navigation cancelled is not the page's fault.
            guard parameters["canceled"] as? Bool != true else { return }
            let url = requests[parameters["requestId"] as? String ?? ""] ?? "?"
            problems.append("failed \(parameters["type"] ?? "") \(url): \(parameters["errorText"] ?? "")")
        default:
            return
        }
    }
}

/// The scripts the journey runs in its pages, each an expression whose value comes back.
enum JourneyScripts {
    /// Scrolls each image into view (tiles load lazily, as for a user scrolling), waits for it
    /// to finish or fail, and gives what the browser made of it.
    static func loadImages(_ selector: String) -> String {
        """
        (async () => {
          const seen = [];
          for (const img of Array.from(document.querySelectorAll(\(quoted(selector))))) {
            \(waitForImage)
          }
          return seen;
        })()
        """
    }

    /// Clicks every marker and cluster on the map and loads the thumbnails its panel shows.
    /// The markers are taken once the map has settled: while `fitBounds` still zooms, the
    /// cluster icons are replaced, and a click on a replaced one opens nothing.
    static let markerThumbnails = """
        (async () => {
          const seen = [];
          let icons = [];
          const settling = Date.now() + 10000;
          for (let stable = 0; stable < 3 && Date.now() < settling; ) {
            await new Promise((done) => setTimeout(done, 100));
            const now = Array.from(document.querySelectorAll(".leaflet-marker-icon"));
            const same = now.length === icons.length && now.every((icon, index) => icon === icons[index]);
            stable = same && !document.querySelector(".leaflet-zoom-anim") ? stable + 1 : 0;
            icons = now;
          }
          for (const icon of icons) {
            if (!icon.isConnected) {
              seen.push({ src: "a marker replaced while the test clicked it", complete: false, width: 0, height: 0 });
              continue;
            }
            icon.click();
            await new Promise((done) => setTimeout(done, 100));
            for (const img of Array.from(document.querySelectorAll("#clustergrid img"))) {
              \(waitForImage)
            }
          }
          return seen;
        })()
        """

    private static let waitForImage = """
        img.scrollIntoView({ block: "center" });
              const deadline = Date.now() + 30000;
              while (!img.complete && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
              seen.push({ src: img.getAttribute("src"), complete: img.complete, width: img.naturalWidth, height: img.naturalHeight });
        """

    static let tiles = """
        Array.from(document.querySelectorAll("li.tile[data-id]")).map((li) => ({
          id: li.dataset.id,
          place: li.querySelector(".place")?.textContent ?? "",
          image: li.querySelector("img")?.getAttribute("src") ?? "",
          badge: li.querySelector("a.video .badge")?.textContent ?? "",
        }))
        """

    static let entryPlace = """
        Array.from(document.querySelectorAll(".facts dt")).find((dt) => dt.textContent === "Place")?.nextElementSibling?.textContent ?? ""
        """

    /// The status and type of the "Original file" link, as the browser would download it.
    static let originalAnswer = """
        (async () => {
          const link = document.querySelector("figure.preview figcaption a");
          if (!link) return "no Original file link";
          const answer = await fetch(link.href, { method: "HEAD" });
          return answer.status + " " + answer.headers.get("content-type");
        })()
        """

    static func hasThumbnail(_ name: String) -> String {
        """
        fetch("/api/entries", { cache: "no-store" }).then((answer) => answer.json()).then((page) =>
          page.entries.some((entry) => entry.source_path.endsWith("/" + \(quoted(name))) && Boolean(entry.thumbnail)))
        """
    }

    /// A JavaScript string literal: JSON's quoting is JavaScript's.
    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8), as: UTF8.self)
            .dropFirst().dropLast().description
    }
}
