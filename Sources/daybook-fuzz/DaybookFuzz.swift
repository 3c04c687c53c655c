import Foundation

/// `daybook-fuzz [--target=photo] [--time-limit=SECONDS] FILE|FOLDER...`
///
/// Normal build: replays the given inputs through the target (the CI regression runner).
/// Fuzz build (scripts/fuzz.sh): the same arguments go to libFuzzer, which fuzzes the target.
@main
struct DaybookFuzz {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            let target = try FuzzTarget.chosen(by: arguments)
            #if DAYBOOK_FUZZ
                runLibFuzzer(target: target)
            #else
                let limit =
                    arguments.last { $0.hasPrefix("--time-limit=") }
                    .flatMap { Double($0.dropFirst("--time-limit=".count)) } ?? 2
                let paths = arguments.filter { !$0.hasPrefix("--") }
                let slow = try Replay(target: target, timeLimit: limit).run(paths: paths)
                exit(slow == 0 ? 0 : 1)
            #endif
        } catch {
            FileHandle.standardError.write(Data("daybook-fuzz: \(error)\n".utf8))
            exit(2)
        }
    }
}
