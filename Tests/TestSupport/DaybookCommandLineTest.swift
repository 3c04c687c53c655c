import Foundation

/// A test that runs the real `daybook` on a library of its own: `daybook("list")` is what a
/// user typing `daybook list` gets, with `DAYBOOK_LIBRARY` naming the test's library.
public protocol DaybookCommandLineTest {
    /// The library the test's commands run on, unless a command names another.
    var library: URL { get }
}

extension DaybookCommandLineTest {
    /// Runs `daybook arguments` to its end on `library` (the test's own when nil), with
    /// `environment` added to this process's.
    public func daybook(_ arguments: String..., library: URL? = nil, environment: [String: String] = [:]) throws
        -> DaybookProcess.Run
    {
        try daybook(arguments, library: library, environment: environment)
    }

    /// The same, for arguments a test builds as a list.
    public func daybook(_ arguments: [String], library: URL? = nil, environment: [String: String] = [:]) throws
        -> DaybookProcess.Run
    {
        try DaybookProcess.run(arguments, library: library ?? self.library, environment: environment)
    }
}
