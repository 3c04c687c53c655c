import ArgumentParser

/// Lets the options that every command takes come before the command name too, as with
/// `git -C DIR log`: `daybook --library DIR list` means `daybook list --library DIR`, and
/// `daybook --library DIR stack show 3f2a` means `daybook stack show --library DIR 3f2a`.
///
/// ArgumentParser only accepts a subcommand's options after its name, so the leading ones are
/// moved there before parsing: behind the whole command path, since a group such as `stack`
/// takes no options of its own, only its subcommands do. Only `--library` and `--json` move;
/// anything else before the command name is left where it is for ArgumentParser to explain.
enum LeadingOptions {
    static func reordered(_ arguments: [String], commands: [any ParsableCommand.Type]) -> [String] {
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
        // `help` explains a command; it takes no library.
        if arguments[index] == "help" { return Array(arguments[index...]) }
        var end = index
        var named = commands
        var hasDefault = false
        while end < arguments.count, let command = named.first(where: { $0._commandName == arguments[end] }) {
            end += 1
            named = command.configuration.subcommands
            hasDefault = command.configuration.defaultSubcommand != nil
        }
        // A group named without one of its subcommands only prints its help or says what is
        // wrong with the word after it: it has no use for a library, and would call it unknown.
        // A group with a default subcommand (`trash` lists) runs that one, which takes them.
        if end > index, !named.isEmpty, !hasDefault { return Array(arguments[index...]) }
        return Array(arguments[index..<max(end, index + 1)]) + leading + arguments[max(end, index + 1)...]
    }
}
