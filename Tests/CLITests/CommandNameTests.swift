import ArgumentParser
import XCTest

@testable import daybook

/// Every command names itself in its configuration. Without a name ArgumentParser derives one
/// from the type's name with `String(describing:)`, whose protocol lookups scan the whole
/// binary's conformance records for every command on every start, a cost every run of every
/// command would pay. The written names must be the derived ones, so
/// that no command, usage line or help text changes.
final class CommandNameTests: XCTestCase {
    func testEveryCommandNamesItselfAsItsTypeNameWouldHave() {
        let commands = Daybook.configuration.subcommands
        XCTAssertGreaterThan(commands.count, 15)
        for command in [Daybook.self] + commands {
            let derived = Self.kebabCase(String(describing: command))
            XCTAssertEqual(command.configuration.commandName, derived, "\(command)")
        }
        // The stack's own subcommands were named before ("show", not "stack-show"); they must stay named.
        for command in Stack.configuration.subcommands {
            XCTAssertNotNil(command.configuration.commandName, "\(command)")
        }
    }

    /// ArgumentParser's rule for a type name: a dash before each capital that follows a small
    /// letter, all in small letters ("OnThisDay" → "on-this-day").
    private static func kebabCase(_ name: String) -> String {
        var result = ""
        var previousWasLower = false
        for character in name {
            if character.isUppercase, previousWasLower { result += "-" }
            result += character.lowercased()
            previousWasLower = character.isLowercase
        }
        return result
    }
}
