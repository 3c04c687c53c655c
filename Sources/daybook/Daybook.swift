import ArgumentParser
import DaybookCommandLine
import DaybookCore
import DaybookStore
import Foundation

@main
struct Daybook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "Turn a folder of photos into a personal journal.",
        discussion: """
            Each photo becomes a journal entry with its capture date, place and camera (from EXIF) \
            and an oriented thumbnail. The journal lives in one library folder:
              --library DIR, else $DAYBOOK_LIBRARY, else $XDG_DATA_HOME/daybook (~/.local/share/daybook).

            Examples:
              daybook ingest ~/Pictures/2024         add every photo under a folder (again: nothing twice)
              daybook list                           entries by month, newest first
              daybook show 3f2a                      one entry (any unique id prefix)
              daybook tag 3f2a --add beach           your own tags; automatic colour tags come from the pixels
              daybook write --text "A quiet day"     an entry of words alone, kept as a file in journal/
              daybook watch ~/Pictures/Import        ingest photos as they arrive, until stopped
              daybook serve                          browse the journal at http://127.0.0.1:8080/
              daybook --library /tmp/trial list      --library and --json may also come before the command

            Exit status: 0 all handled, 1 some files failed (the rest were stored), 2 usage error.
            """,
        version: "0.1.0",
        // Each names itself (`commandName:`): a derived name is found by reflecting on the
        // type, which cost every start a scan of the binary's conformances (CommandNameTests).
        subcommands: [
            Ingest.self, List.self, Search.self, Show.self, OnThisDay.self, Remind.self, Latest.self, Write.self, Edit.self, Photo.self,
            Tag.self,
            Tags.self, Places.self, Retag.self, Stack.self, Duplicates.self, Delete.self, Trash.self, Export.self, Import.self,
            BackfillWeather.self, Sidecars.self, Problems.self,
            Rebuild.self, Conflicts.self,
            Refine.self,
            Watch.self, Serve.self,
        ]
    )

    /// Async so that `watch` and the weather commands can await; the others run synchronously.
    static func main() async {
        umask(0o077)
        StandardOutput.flushAtExit()
        var command: ParsableCommand
        let arguments = LeadingOptions.reordered(Array(CommandLine.arguments.dropFirst()), commands: configuration.subcommands)
        let names = configuration.subcommands.map { $0._commandName }
        if let message = CommandSuggestion.unknownCommandMessage(arguments, names: names) {
            Console.error(message)
            exit(code: 2)
        }
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exit(code: argumentParserExit(error))
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(code: report(error))
        }
    }

    /// The one place a command's failure becomes output and an exit status. ArgumentParser's
    /// own errors (`ExitCode`, `CleanExit`, a `ValidationError` found late, and the request its
    /// `help` command throws) keep its handling; every other error — the library's, the
    /// watcher's, `CommandError` — is one `daybook: error: …` line and status 1.
    static func report(_ error: any Error) -> Int32 {
        switch error {
        case _ where isArgumentParserError(error):
            return argumentParserExit(error)
        case let error as StoreError where error.code == .emptyLibrary:
            Console.error("\(error) (run `daybook ingest PATH` first)")
        case let error as CocoaError:
            Console.error("\(error.localizedDescription)")
        default:
            Console.error("\(error)")
        }
        return 1
    }

    /// Prints ArgumentParser's text for the error through the console and returns its status.
    private static func argumentParserExit(_ error: any Error) -> Int32 {
        let outcome = argumentParserOutcome(for: error)
        if !outcome.message.isEmpty { Console.outputLines(outcome.message, toError: outcome.toStandardError) }
        return outcome.status
    }

    private static func exit(code: Int32) -> Never {
        Foundation.exit(code)
    }
}

/// Options every command takes.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Library folder (default: $DAYBOOK_LIBRARY, else $XDG_DATA_HOME/daybook).", valueName: "dir"))
    var library: String?

    @Flag(name: .long, help: "Print JSON on standard output, for scripts.")
    var json = false

    var resolvedLibrary: Library { Library.resolve(explicit: library, environment: Self.libraryEnvironment()) }

    /// The variables `Library.resolve` reads, and no more: `ProcessInfo`'s whole environment
    /// was copied into a dictionary on every command's start for three of its entries.
    static func libraryEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["DAYBOOK_LIBRARY", "XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
