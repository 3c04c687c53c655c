import DaybookTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One real Syncthing, alone on 127.0.0.1: its own home, its GUI/REST and sync ports chosen
/// free, and no global or local discovery, relays, NAT or usage reports, so two of them find
/// each other only by the address given and nothing leaves the machine. Devices and folders
/// are set through the REST API (`/rest/config/…`) with the API key of its generated config.
final class SyncthingDevice {
    static let executable = "/usr/bin/syncthing"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    let name: String
    let home: URL
    let deviceID: String
    let apiKey: String
    let syncPort: Int
    let guiPort: Int
    private let process: Process
    private let logURL: URL

    /// Generates a home under `folder` and starts Syncthing on it; returns once its REST API answers.
    init(name: String, in folder: URL) throws {
        self.name = name
        home = folder.appendingPathComponent("syncthing-\(name)")
        let generate = try Self.run([Self.executable, "generate", "--home", home.path, "--no-default-folder"])
        guard let id = generate.split(whereSeparator: \.isWhitespace).drop(while: { $0 != "ID:" }).dropFirst().first else {
            throw SyncthingError("syncthing generate printed no device ID: \(generate)")
        }
        deviceID = String(id)
        let configURL = home.appendingPathComponent("config.xml")
        var config = try String(contentsOf: configURL, encoding: .utf8)
        apiKey = try Self.element("apikey", in: config)
        syncPort = try freePort()
        guiPort = try freePort()
        // The options that decide what the process binds and whom it calls, set before its first
        // start: a default address or an announcement would reach past this machine.
        let options = [
            "listenAddress": "tcp://127.0.0.1:\(syncPort)", "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false",
            "relaysEnabled": "false", "natEnabled": "false", "startBrowser": "false", "urAccepted": "-1",
            "crashReportingEnabled": "false", "autoUpgradeIntervalH": "0",
        ]
        for (key, value) in options {
            guard let range = config.range(of: "<\(key)>[^<]*</\(key)>", options: .regularExpression) else {
                throw SyncthingError("config.xml has no <\(key)>")
            }
            config.replaceSubrange(range, with: "<\(key)>\(value)</\(key)>")
        }
        try config.write(to: configURL, atomically: true, encoding: .utf8)

        logURL = folder.appendingPathComponent("syncthing-\(name).log")
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [
            "serve", "--home", home.path, "--no-browser", "--no-restart", "--no-upgrade", "--gui-address=http://127.0.0.1:\(guiPort)",
        ]
        // STMONITORED: run as the one process, without Syncthing's restarting monitor, so that
        // the process started here is the whole of it and its group is all there is to stop.
        process.environment = ProcessInfo.processInfo.environment.merging(["STMONITORED": "1", "STNOUPGRADE": "1"]) { $1 }
        let log = try FileHandle(forWritingTo: logURL)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        guard poll(timeout: 30, { (try? self.get("/rest/system/ping")) != nil }) else {
            stop()
            throw SyncthingError("\(name)'s REST API did not answer in 30 s; log:\n\(self.log)")
        }
    }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Ends the process group, at once: the test's files are all that matters after it.
    func stop() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// Adds `other` as a device, reached at its sync address only.
    func pair(with other: SyncthingDevice) throws {
        try send(
            "POST", "/rest/config/devices",
            ["deviceID": other.deviceID, "name": other.name, "addresses": ["tcp://127.0.0.1:\(other.syncPort)"]])
    }

    /// Shares the folder `path` as `id` with `devices`, watched for changes (a second's delay)
    /// and rescanned often, so a change travels in seconds.
    func share(_ id: String, path: URL, with devices: [SyncthingDevice]) throws {
        try send(
            "POST", "/rest/config/folders",
            [
                "id": id, "label": id, "path": path.path, "type": "sendreceive", "rescanIntervalS": 5, "fsWatcherEnabled": true,
                "fsWatcherDelayS": 1, "devices": devices.map { ["deviceID": $0.deviceID] },
            ])
    }

    func setPaused(_ paused: Bool, folder id: String) throws {
        try send("PATCH", "/rest/config/folders/\(id)", ["paused": paused])
    }

    /// Asks for a scan of folder `id` now, rather than waiting for the watcher.
    func scan(_ id: String) throws { try send("POST", "/rest/db/scan?folder=\(id)", nil) }

    @discardableResult
    func get(_ path: String) throws -> Data { try request("GET", path, body: nil) }

    private func send(_ method: String, _ path: String, _ body: [String: Any]?) throws {
        _ = try request(method, path, body: try body.map { try JSONSerialization.data(withJSONObject: $0) })
    }

    private func request(_ method: String, _ path: String, body: Data?) throws -> Data {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(guiPort)\(path)")!, timeoutInterval: 10)
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        nonisolated(unsafe) var answer: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            answer = (data, response, error)
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 15) == .success else { throw SyncthingError("\(method) \(path): no answer in 15 s") }
        if let error = answer.2 { throw error }
        let status = (answer.1 as? HTTPURLResponse)?.statusCode ?? 0
        let data = answer.0 ?? Data()
        guard (200..<300).contains(status) else {
            throw SyncthingError("\(method) \(path): HTTP \(status) \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    private static func element(_ name: String, in xml: String) throws -> String {
        guard let open = xml.range(of: "<\(name)>"), let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex)
        else { throw SyncthingError("no <\(name)> in the generated config") }
        return String(xml[open.upperBound..<close.lowerBound])
    }

    /// Runs a command to its end and returns its output and errors together.
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw SyncthingError("\(arguments.joined(separator: " ")) failed: \(output)") }
        return output
    }
}

struct SyncthingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A TCP port free on 127.0.0.1 now (the kernel's choice, released at once for the caller).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SyncthingError("socket: \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw SyncthingError("bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Calls `condition` every 0.1 s until it holds or `timeout` seconds pass; whether it held.
func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(100_000)
    }
    return condition()
}
