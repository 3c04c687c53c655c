import DaybookTestSupport
import Foundation
import XCTest

/// A full disk stops an ingest at the first "no space left" with one line.
/// The disk is real: a 2 MB tmpfs mounted for the test (the tests run as root in a private
/// mount namespace), holding the library and filled up to a few dozen KB.
final class FullDiskTests: XCTestCase {
    var base: URL!
    var disk: URL { base.appendingPathComponent("disk") }
    var library: URL { disk.appendingPathComponent("library") }
    var mounted = false

    override func setUpWithError() throws {
        base = try TemporaryFolder.make("daybook-full-disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard getuid() == 0, try run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.path]) == 0 else {
            throw XCTSkip("mounting a small tmpfs needs root (run the tests as root, as CI does)")
        }
        mounted = true
    }

    override func tearDownWithError() throws {
        if mounted { _ = try run("/bin/umount", [disk.path]) }
        try? FileManager.default.removeItem(at: base)
    }

    func testAFullDiskStopsTheRunWithOneLine() throws {
        // The library exists with one photo, then the disk fills up but for 48 KB.
        let first = Repository.fixtures.appendingPathComponent("corpus/jpg/gps/DSCN0012.jpg")
        XCTAssertEqual(try DaybookProcess.run(["ingest", first.path], library: library).status, 0)
        try fill(leaving: 48 << 10)

        let photos = Repository.fixtures.appendingPathComponent("corpus/jpg")
        let total = try FileManager.default.subpathsOfDirectory(atPath: photos.path).filter { $0.lowercased().hasSuffix(".jpg") }.count
        let run = try DaybookProcess.run(["ingest", "--jobs", "2", photos.path], library: library)
        XCTAssertEqual(run.status, 1, run.stderr)
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("daybook: error: ") }
        XCTAssertEqual(errors.count, 1, run.stderr)
        XCTAssertTrue(
            errors.first?.hasSuffix(
                ": not stored: no space left on the disk of the library \(library.path); ingest stopped here. "
                    + "Free some space and run it again: what is stored stays, the rest is read then") ?? false, run.stderr)
        let summary = try XCTUnwrap(Self.summary(run.stdout), run.stdout)
        let stored = Int(summary.prefix { $0.isNumber }) ?? -1
        XCTAssertTrue(summary.contains(" 1 failed"), summary)
        XCTAssertLessThan(stored + 1, total / 2, "the run stopped instead of failing every photo: \(summary)")

        // What was stored is whole, and no temporary thumbnail is left behind.
        let list = try DaybookProcess.run(["list", "--json"], library: library)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])?.count, stored + 1)
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("thumbnails").path)
        XCTAssertEqual(thumbnails.filter { $0.hasPrefix(".tmp-") }, [])

        // With space again, the same command goes on where it stopped (2 MB do not hold all
        // the thumbnails, so it may stop again later on).
        try FileManager.default.removeItem(at: disk.appendingPathComponent("filler"))
        let again = try DaybookProcess.run(["ingest", photos.path], library: library)
        let more = Int(Self.summary(again.stdout)?.prefix { $0.isNumber } ?? "") ?? 0
        XCTAssertGreaterThan(more, 5, again.stdout + again.stderr)
    }

    /// Ingest's summary line ("N new, …"), which the full-quality thumbnails' line may follow.
    static func summary(_ stdout: String) -> String? {
        stdout.split(separator: "\n").last { $0.contains(" new, ") }.map(String.init)
    }

    /// Writes a file that leaves `free` bytes on the disk.
    private func fill(leaving free: Int) throws {
        let values = try disk.resourceValues(forKeys: [.volumeAvailableCapacityKey])
        let available = try XCTUnwrap(values.volumeAvailableCapacity)
        try Data(count: max(0, available - free)).write(to: disk.appendingPathComponent("filler"))
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: tool), arguments: arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
