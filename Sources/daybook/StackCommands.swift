import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation

struct Stack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Bursts shown as one entry: see a stack's frames, pick its cover, split it.",
        discussion: """
            Photos taken at most 2 seconds apart (chained) by the same camera, whose \
            thumbnails look alike (perceptual hash at most 10 of 64 bits apart), are one \
            stack: the web timeline shows its cover with the number of frames, and its entry \
            page every frame. Stacking happens at ingest, whatever the order the frames \
            arrive in. Nothing is deleted: every frame stays an entry of its own, and \
            `list`, `search` and `export` still show each one. See docs/stacks.md.

            Examples:
              daybook stack show 3f2a     3f2a's stack, its cover marked *
              daybook stack cover 3f2a    the timeline shows 3f2a for its stack
              daybook stack split 3f2a    every frame back on its own, for good
              daybook stack rebuild       stack entries stored before stacks existed
            """,
        subcommands: [StackShow.self, StackCover.self, StackSplit.self, StackRebuildCommand.self]
    )
}

struct StackShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "List the frames of an entry's stack, its cover marked *.")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "An entry id or unique prefix: any frame of the stack.") var entry: String

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .reading)
        let id = try store.entry(idPrefix: entry).id
        guard let stack = try store.entryStack(entryID: id) else { throw StoreError.notInStack(id) }
        let frames = try store.stackFrames(entryID: id).map { StackFrameOutput($0, coverID: stack.coverID) }
        if options.json {
            return try Console.printJSON(StackOutput(stack, frames: frames))
        }
        Console.output("stack of \(stack.size) frames, cover \(String(stack.coverID.prefix(8)))\(stack.coverPicked ? " (picked)" : "")")
        for frame in frames { Console.output(frame.line) }
    }
}

struct StackCover: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover", abstract: "Make an entry the cover its stack shows on the timeline.",
        discussion: "The cover stays when frames of the same burst are ingested later.")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The frame to show: an entry id or unique prefix.") var entry: String

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let stack = try store.pickCover(entryID: try store.entry(idPrefix: entry).id)
        if options.json {
            let frames = try store.stackFrames(entryID: stack.coverID).map { StackFrameOutput($0, coverID: stack.coverID) }
            return try Console.printJSON(StackOutput(stack, frames: frames))
        }
        Console.output("\(String(stack.coverID.prefix(8))) is now the cover of its stack of \(stack.size) frames")
    }
}

struct StackSplit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split", abstract: "Split an entry's stack: every frame back on the timeline.",
        discussion: "The frames never join a stack by themselves again (not at ingest, not by `stack rebuild`).")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "Any frame of the stack: an entry id or unique prefix.") var entry: String

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let frames = try store.splitStack(entryID: try store.entry(idPrefix: entry).id)
        if options.json { return try Console.printJSON(["split": frames]) }
        Console.output("split a stack of \(frames.count) frames: \(frames.map { String($0.prefix(8)) }.joined(separator: " "))")
    }
}

struct StackRebuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild", abstract: "Hash and stack entries stored before stacks existed.",
        discussion: """
            Computes the perceptual hash of every entry that has none from its thumbnail file \
            (the photo itself is not needed), then stacks every dated entry. Safe to run again: \
            it only adds links, and splits you made stay.
            """)

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let report = try StackRebuild(store: store).run()
        for problem in report.problems { Console.writeError("daybook: warning: \(problem)") }
        if options.json { return try Console.printJSON(report) }
        Console.output(
            "hashed \(report.hashed) entries (\(report.unreadable) unreadable thumbnails); \(report.stacks) stacks hold \(report.stackedEntries) entries"
        )
    }
}

struct Duplicates: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicates",
        abstract: "List photos that look the same: re-encoded or resized copies. Deletes nothing.",
        discussion: """
            Exact copies (the same bytes) are already one entry. This finds the others: a \
            WhatsApp or e-mail copy beside its original, a resized export. Entries whose \
            thumbnails' perceptual hashes are at most --max-distance of 64 bits apart form a \
            group, whatever their time or camera; a stack takes part through its cover. Each group \
            lists every copy with its size and path; the largest is usually the original. \
            Nothing is deleted or changed. Entries stored before stacks existed need \
            `daybook stack rebuild` first. See docs/stacks.md.

            Examples:
              daybook duplicates
              daybook duplicates --json | jq '.groups[].entries[].path'
            """)

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "Largest perceptual-hash distance (bits, 0–16) counted as the same photo.")
    var maxDistance = DuplicateFinder().maxDistance

    func validate() throws {
        guard (0...16).contains(maxDistance) else { throw ValidationError("--max-distance must be between 0 and 16.") }
    }

    struct Group: Encodable {
        let entries: [StackFrameOutput]
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .reading)
        let groups = try DuplicateFinder(maxDistance: maxDistance).groups(in: store).map { entries in
            Group(entries: entries.map { StackFrameOutput($0, coverID: nil) })
        }
        if options.json { return try Console.printJSON(["groups": groups]) }
        guard !groups.isEmpty else { return Console.output("no duplicates found") }
        for (index, group) in groups.enumerated() {
            if index > 0 { Console.output("") }
            Console.output("\(group.entries.count) copies:")
            for entry in group.entries { Console.output(entry.line) }
        }
    }
}
