import ArgumentParser
import DaybookCommandLine
import Foundation

extension ParsableCommand {
    /// Parses the command line, runs the command and exits with the statuses the benchmark
    /// and check tools document: 0 when it ran, 1 on an error (one `NAME: error: …` line on
    /// standard error), 2 on a usage error (ArgumentParser's own status is 64, which scripts
    /// written for these tools do not expect).
    package static func runAsTool(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exitAfter(argumentParserError: error)
        }
        do {
            try command.run()
        } catch let error where isArgumentParserError(error) {
            // `ExitCode`, `CleanExit`, a late `ValidationError`, and the request the `help`
            // command throws: ArgumentParser's own handling.
            exitAfter(argumentParserError: error)
        } catch {
            fflush(nil)  // what the tool printed comes before its error
            FileHandle.standardError.write(Data("\(_commandName): error: \(error)\n".utf8))
            Foundation.exit(1)
        }
        Foundation.exit(0)
    }

    private static func exitAfter(argumentParserError error: any Error) -> Never {
        let outcome = argumentParserOutcome(for: error)
        if !outcome.message.isEmpty {
            if outcome.toStandardError {
                FileHandle.standardError.write(Data((outcome.message + "\n").utf8))
            } else {
                print(outcome.message)
            }
        }
        Foundation.exit(outcome.status)
    }
}
