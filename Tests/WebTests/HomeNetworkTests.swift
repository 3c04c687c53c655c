import DaybookTestSupport
import DaybookWeb
import Foundation
import XCTest

/// `daybook serve --host 0.0.0.0`, reached from a phone at home: the log names addresses a
/// phone can open, and the server answers to the machine's own names, not to any other.
final class HomeNetworkTests: XCTestCase {
    /// `daybook serve --host 0.0.0.0` on the fixture's library, with a password and one
    /// `--allowed-host`; its port once it serves.
    func serveOnEveryInterface(_ fixture: WebFixture) throws -> (DaybookChild, Int) {
        let passwordFile = fixture.root.appendingPathComponent("password")
        try (try PasswordFile.hash("sofa") + "\n").write(to: passwordFile, atomically: true, encoding: .utf8)
        let serve = try DaybookChild(
            [
                "serve", "--library", fixture.store.library.root.path, "--host", "0.0.0.0", "--port", "0", "--password-file",
                passwordFile.path, "--allowed-host", "journal.example",
            ], log: fixture.root.appendingPathComponent("serve.log"))
        let first = try XCTUnwrap(serve.waitForLog(#/serving \S+ at (http://\S+)/#, timeout: 60), serve.log)
        let port = try XCTUnwrap(first.firstMatch(of: /:(\d+)\/$/).flatMap { Int($0.output.1) }, String(first))
        usleep(200_000)
        return (serve, port)
    }

    func testBoundToEveryInterfaceItPrintsTheMachinesNameAndAddresses() throws {
        let fixture = try WebFixture()
        let machine = MachineNames.current()
        let (serve, port) = try serveOnEveryInterface(fixture)
        defer { serve.stop() }
        let printed = serve.log.matches(of: /serving \S+ at (http:\/\/\S+)/).map { String($0.output.1) }
        let expected = machine.urls(port: port)
        XCTAssertEqual(printed, expected.isEmpty ? ["http://127.0.0.1:\(port)/"] : expected, serve.log)
        XCTAssertFalse(printed.contains { $0.contains("0.0.0.0") }, serve.log)
        XCTAssertTrue(machine.names.contains { $0.hasSuffix(".local") }, "\(machine)")
        XCTAssertTrue(machine.addresses.allSatisfy { !$0.hasPrefix("127.") && $0 != "::1" && !$0.hasPrefix("fe80") }, "\(machine)")
        // The first address a phone can open answers (with the password's 401).
        if let address = machine.addresses.first(where: { !$0.contains(":") }) {
            let reply = try RawHTTP.exchange(
                "GET /api/tags HTTP/1.1\r\nHost: \(address):\(port)\r\nConnection: close\r\n\r\n", address: address, port: port)
            XCTAssertEqual(RawHTTP.status(reply), 401, reply)
        }
        XCTAssertEqual(serve.stop(), 0)
    }

    func testBoundToEveryInterfaceItAnswersToTheMachinesNamesAndNoOthers() throws {
        let fixture = try WebFixture()
        let machine = MachineNames.current()
        let (serve, port) = try serveOnEveryInterface(fixture)
        defer { serve.stop() }
        // 401 is past the Host check (the password comes next); 421 is refused by it.
        var cases =
            machine.names.map { ("\($0):\(port)", 401) }
            + machine.addresses.map { ($0.contains(":") ? "[\($0)]:\(port)" : "\($0):\(port)", 401) }
        cases += [
            ("localhost:\(port)", 401), ("journal.example", 401), ("evil.example:\(port)", 421),
            ("\(machine.names.last ?? "x").evil.example:\(port)", 421), ("\(machine.names.first ?? "x"):\(port + 1)", 421),
        ]
        for (host, status) in cases {
            let reply = try RawHTTP.exchange(
                "GET /api/tags HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", address: "127.0.0.1", port: port)
            XCTAssertEqual(RawHTTP.status(reply), status, "Host: \(host)\n\(reply)")
        }
        XCTAssertEqual(serve.stop(), 0)
    }

    func testBoundToOneAddressItPrintsThatAddressAlone() throws {
        let fixture = try WebFixture()
        let serve = try DaybookChild(
            ["serve", "--library", fixture.store.library.root.path, "--port", "0"], log: fixture.root.appendingPathComponent("serve.log"))
        defer { serve.stop() }
        let url = try XCTUnwrap(serve.waitForLog(#/serving \S+ at (http://127\.0\.0\.1:\d+/)/#, timeout: 60), serve.log)
        let port = try XCTUnwrap(url.firstMatch(of: /:(\d+)\/$/).flatMap { Int($0.output.1) })
        usleep(200_000)
        XCTAssertEqual(serve.log.matches(of: #/serving /#).count, 1, serve.log)
        // Loopback answers to loopback's names only: a name of the machine's is another host.
        for (host, status) in [("127.0.0.1:\(port)", 200), ("\(MachineNames.current().names.last ?? "vm.local"):\(port)", 421)] {
            let reply = try RawHTTP.exchange(
                "GET /api/tags HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", address: "127.0.0.1", port: port)
            XCTAssertEqual(RawHTTP.status(reply), status, "Host: \(host)\n\(reply)")
        }
    }
}
