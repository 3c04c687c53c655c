import DaybookStore
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// Edits write on a blocking lane, not on the cooperative pool: while another process holds
/// the journal's write lock, more edits wait than the pool has threads, and a page that reads
/// the store is still answered at once; when the lock is let go every edit is saved.
final class EditLaneTests: XCTestCase {
    func testWaitingEditsLeaveThePoolFreeForPages() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        // Another process's long write (`daybook ingest`): sqlite3 holds the lock until told.
        let other = try WriteLockHolder(fixture.store.library.databaseURL)
        let edits = ProcessInfo.processInfo.activeProcessorCount + 2
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let html = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            let csrf = try XCTUnwrap(html.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            // More waiting edits than the cooperative pool has threads, each on a connection
            // of its own (the test client asks one request at a time).
            let saves = (0..<edits).map { index in
                Task {
                    try await curl(["-X", "POST", "--data", "csrf=\(csrf)&add=waited-\(index)", "\(base)/entries/\(entry.id)/tags"])
                }
            }
            try await Task.sleep(for: .seconds(1))
            let started = ContinuousClock.now
            // A page the answer cache does not keep (kept pages: the next test).
            let status = try await curl(["\(base)/latest"])
            let waited = ContinuousClock.now - started
            XCTAssertEqual(status, "200")
            XCTAssertLessThan(waited, .seconds(3), "a page waited for the edits' lock")
            try other.release()
            for save in saves {
                let saved = try await save.value
                XCTAssertEqual(saved, "303")
            }
        }
        let names = Set(try fixture.store.readNow { try $0.tags(entryID: entry.id) }.map(\.name))
        for index in 0..<edits { XCTAssertTrue(names.contains("waited-\(index)"), "\(names)") }
    }

    /// A kept page's change check (`ChangeCounter`) takes no turn on the store's writing
    /// connection: while edits wait there for another process's lock, kept and new pages
    /// are answered at once. When the check was asked on the writer, each waited for them.
    func testWaitingEditsLeaveKeptPagesAnswering() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first)
        try await fixture.application { $0.port = 0 }.test(.live) { client in
            let html = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            let csrf = try XCTUnwrap(html.firstMatch(of: /name="csrf" value="([0-9a-f-]+)"/).map { String($0.output.1) })
            let base = "http://127.0.0.1:\(try XCTUnwrap(client.port))"
            let first = try await curl(["\(base)/"])
            XCTAssertEqual(first, "200")  // kept from now on
            let other = try WriteLockHolder(fixture.store.library.databaseURL)
            let save = Task {
                try await curl(["-X", "POST", "--data", "csrf=\(csrf)&add=waited", "\(base)/entries/\(entry.id)/tags"])
            }
            try await Task.sleep(for: .seconds(1))
            for path in ["/", "/entries/\(entry.id)", "/tags"] {
                let started = ContinuousClock.now
                let status = try await curl(["\(base)\(path)"])
                let waited = ContinuousClock.now - started
                XCTAssertEqual(status, "200", path)
                XCTAssertLessThan(waited, .seconds(3), "\(path) waited for the edit's lock")
            }
            try other.release()
            let saved = try await save.value
            XCTAssertEqual(saved, "303")
            // The edit is seen: the kept entry page was let go.
            let after = try await client.execute(uri: "/entries/\(entry.id)", method: .get) { $0.text }
            XCTAssertTrue(after.contains("waited"), after)
        }
    }
}

/// curl's HTTP status for a request on a connection of its own (at most 60 s), awaited without
/// holding a thread of the pool this test measures.
private func curl(_ arguments: [String]) async throws -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "60"] + arguments
    process.standardOutput = output
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        process.terminationHandler = { _ in done.resume() }
        do { try process.run() } catch { done.resume() }
    }
    return String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
}

/// The sqlite3 shell in a transaction that has taken the write lock, until `release()`.
private final class WriteLockHolder: Sendable {
    let process = Process()
    let input: FileHandle

    init(_ database: URL) throws {
        let input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.input = input.fileHandleForWriting
        self.input.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("locked") {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { throw CocoaError(.fileReadUnknown) }
            said += more
        }
    }

    func release() throws {
        input.write(Data("ROLLBACK;\n.quit\n".utf8))
        try input.close()
        process.waitUntilExit()
    }

    deinit { if process.isRunning { process.terminate() } }
}
