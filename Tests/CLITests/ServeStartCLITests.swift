import DaybookTestSupport
import Foundation
import XCTest

/// `daybook serve` when it cannot start: one line that says what to do.
final class ServeStartCLITests: XCTestCase {
    /// A port held by another program (here, this test's own listening socket) is named, with
    /// the option that picks another, and the exit status is 1.
    func testABusyPortNamesThePortAndTheOption() throws {
        let library = TemporaryFolder.unusedPath("daybook-cli-serve")
        let ingest = try DaybookProcess.run(
            ["ingest", Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg").path], library: library)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)

        let (socket, port) = try Self.listeningSocket()
        defer { close(socket) }
        let started = try DaybookProcess.start(["serve", "--port", String(port)], library: library)
        let deadline = Date().addingTimeInterval(30)
        while started.process.isRunning && Date() < deadline { usleep(50_000) }
        if started.process.isRunning { started.process.terminate() }
        let run = started.finish()
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "daybook: error: port \(port) is in use (another daybook serve?): pick another with --port N, or stop that program\n")
    }

    /// A socket listening on 127.0.0.1 at a port the kernel picked.
    static func listeningSocket() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
