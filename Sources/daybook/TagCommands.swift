import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookTagging
import Foundation
import Synchronization

struct Tag: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add or remove tags on an entry.",
        discussion: """
            Added tags are yours: the tagger never changes them. Removing an automatic tag \
            sticks: re-ingesting or `daybook retag` will not bring it back.

            Examples:
              daybook tag 3f2a --add beach --add "summer 2024"
              daybook tag 3f2a --remove sky
            """
    )

    @OptionGroup var options: LibraryOptions

    @OptionGroup var sidecars: SidecarOptions

    @Argument(help: "Entry id or unique prefix.")
    var id: String

    @Option(name: .long, help: ArgumentHelp("Tag to add (repeatable).", valueName: "tag"))
    var add: [String] = []

    @Option(name: .long, help: ArgumentHelp("Tag to remove (repeatable).", valueName: "tag"))
    var remove: [String] = []

    func validate() throws {
        guard !add.isEmpty || !remove.isEmpty else { throw ValidationError("Give --add TAG and/or --remove TAG.") }
        for name in add + remove {
            do { _ = try JournalTag.normalizedName(name) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let entry = try store.entry(idPrefix: id)
        let tags = try store.editTags(entryID: entry.id, add: add, remove: remove)
        sidecars.writeBack(store.library).entryChanged(entry.id, .tags, store: store)
        if options.json { return try Console.printJSON(tags) }
        Console.output("\(entry.shortID): \(EntryFormat.tagList(tags), default: "no tags")")
    }
}

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the tags in the journal with how many entries carry each.",
        discussion: "With --rules, print the colour tagger's vocabulary instead: every automatic tag and the rule that gives it."
    )

    @OptionGroup var options: LibraryOptions

    @Flag(name: .long, help: "Print the automatic tags' rules (the tagger's vocabulary).")
    var rules = false

    func run() throws {
        if rules {
            if options.json {
                return try Console.printJSON(ColourTagger.vocabulary.map { ["name": $0.name, "kind": $0.kind.rawValue, "rule": $0.rule] })
            }
            Console.output("Colour tagger version \(ColourTagger.version)\n")
            return Console.outputLines(ColourTagger.markdownTable())
        }
        let store = try JournalStore.openExisting(library: options.resolvedLibrary)
        let counts = try store.tagCounts()
        if options.json { return try Console.printJSON(counts) }
        guard !counts.isEmpty else { return Console.output("no tags yet") }
        let width = counts.map(\.name.count).max() ?? 0
        for count in counts {
            let origin = [count.auto > 0 ? "\(count.auto) auto" : nil, count.user > 0 ? "\(count.user) user" : nil]
                .compactMap { $0 }.joined(separator: ", ")
            Console.output(
                "\(count.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(String(format: "%5d", count.entries))  (\(origin))"
            )
        }
    }
}

struct Retag: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retag",
        abstract: "Re-run the colour tagger over the whole journal.",
        discussion: """
            Use after the tagger's rules change. Pixels come from the original photo when it \
            is still where it was last seen and unchanged, otherwise from the stored thumbnail. \
            Your own tags, and automatic tags you removed, are left as they are.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "Entries processed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256.") }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        let total = try store.count()
        let progress = ProgressLine()
        let done = Mutex(0)
        let summary = try Retagger(store: store, jobs: jobs).run { event in
            let count = done.withLock {
                $0 += 1; return $0
            }
            switch event {
            case .retagged: break
            case .noPixels(let id, let reason): progress.printLine("daybook: warning: \(id.prefix(8)): \(reason); tags kept")
            case .failed(let id, let reason): progress.printLine("daybook: error: \(id.prefix(8)): \(reason)")
            }
            progress.update("retagging: \(count)/\(total)")
        }
        progress.clear()
        let line =
            "\(summary.fromPhotos + summary.fromThumbnails) retagged (\(summary.fromPhotos) from photos, "
            + "\(summary.fromThumbnails) from thumbnails), \(summary.withoutPixels) without pixels, \(summary.failed) failed"
        if options.json {
            try Console.printJSON([
                "retagged_from_photos": summary.fromPhotos, "retagged_from_thumbnails": summary.fromThumbnails,
                "without_pixels": summary.withoutPixels, "failed": summary.failed,
                "tagger_version": ColourTagger.version,
            ])
        } else {
            Console.output(TerminalText(line))
        }
        if summary.failed > 0 { throw ExitCode(1) }
    }
}
