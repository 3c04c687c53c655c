import ArgumentParser
import DaybookCore
import DaybookStore
import Foundation

struct Problems: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "problems",
        abstract: "List the damaged and unsupported files ingest judged, or forget a judgement.",
        discussion: """
            A file that `ingest` or `watch` could not read as a photo or video (cut short, \
            corrupt, a format or codec this machine does not decode, a web page saved under a \
            photo's name) fails once, in the run that first meets it. The library remembers it, \
            by its path, size and modification time and by its bytes, so later runs leave it \
            alone: they exit 0 and say "1 known damaged file (see daybook problems)". A damaged \
            file whose date could still be read is kept as an entry without a picture, and is \
            listed here too.

            Each line: the file, why, and when it was judged (UTC). A file that changes (a new \
            copy, or even `touch`) is judged afresh by the next run; --forget asks for that \
            without changing it: after installing a decoder that reads it, or to ingest it \
            with a higher --max-megapixels.

            Examples:
              daybook problems
              daybook problems --json
              daybook problems --forget ~/Pictures/2005/MVI_0042.MOV
              daybook problems --forget-all
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Forget the judgement of this file, so the next run reads it again (repeatable).", valueName: "path"))
    var forget: [String] = []

    @Flag(name: .long, help: "Forget every judgement: the next run reads each file again.")
    var forgetAll = false

    func validate() throws {
        if forgetAll && !forget.isEmpty { throw ValidationError("Give --forget PATH or --forget-all, not both.") }
    }

    func run() throws {
        if forgetAll || !forget.isEmpty { return try forgetJudgements() }
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .reading)
        let problems = try store.problemFiles()
        if options.json { return try Console.printJSON(problems.map(ProblemFileOutput.init)) }
        if problems.isEmpty { return Console.output("no damaged or unsupported files are known") }
        for problem in problems {
            let kept = problem.entryID.map { " (kept as entry \($0.prefix(8)), without a picture)" } ?? ""
            Console.output(TerminalText("\(problem.path): \(problem.reason)\(kept)  judged \(problem.judgedAt)"))
        }
    }

    private func forgetJudgements() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        if forgetAll {
            let count = try store.forgetAllProblems()
            if options.json { return try Console.printJSON(["forgotten": count]) }
            return Console.output("forgot \(count) judgement\(count == 1 ? "" : "s"); the next run reads those files again")
        }
        var forgotten: [String] = []
        var unknown: [String] = []
        for path in forget.map(Self.absolute) {
            if try store.forgetProblem(path: path) { forgotten.append(path) } else { unknown.append(path) }
        }
        if options.json { return try Console.printJSON(["forgotten": forgotten, "unknown": unknown]) }
        for path in forgotten { Console.output(TerminalText("forgot \(path): the next run reads it again")) }
        guard unknown.isEmpty else {
            throw CommandError(description: "no judgement is kept for \(unknown.joined(separator: ", ")) (`daybook problems` lists them)")
        }
    }

    /// As ingest names files: absolute, standardised, links not resolved.
    private static func absolute(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (absolute as NSString).standardizingPath
    }
}

/// One file of `daybook problems --json`.
struct ProblemFileOutput: Encodable {
    let path: String
    /// damaged, unsupportedFormat, notAPhoto or tooLarge (`IngestError.Code`).
    let code: String
    let reason: String
    let judgedAt: String
    /// The entry it was kept as, without a picture; null when it is no entry.
    let entryID: String?
    let fileSize: Int64
    let contentHash: String?

    init(_ problem: ProblemFile) {
        path = problem.path
        code = problem.code
        reason = problem.reason
        judgedAt = problem.judgedAt
        entryID = problem.entryID
        fileSize = problem.stamp.size
        contentHash = problem.contentHash
    }
}
