/// Lets the options that every command takes come before the command name too, as with
/// `git -C DIR log`: `daybook --library DIR list` means `daybook list --library DIR`.
///
/// ArgumentParser only accepts a subcommand's options after its name, so the leading ones are
/// moved there before parsing. Only `--library` and `--json` move; anything else before the
/// command name is left where it is for ArgumentParser to explain.
enum LeadingOptions {
    static func reordered(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--json" || argument.hasPrefix("--library=") {
                leading.append(argument)
                index += 1
            } else if argument == "--library", index + 1 < arguments.count {
                leading.append(contentsOf: arguments[index...index + 1])
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        let command = arguments[index]
        // `help` explains a command; it takes no library.
        if command == "help" { return Array(arguments[index...]) }
        return [command] + leading + arguments[(index + 1)...]
    }
}
