import Foundation

/// The real `daybook` executable, run the way a user runs it, for every test target that runs
/// the binary.
public enum DaybookProcess {
    public struct Run {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    public static var executable: URL { BuildProducts.daybook }

    /// Starts `daybook arguments` on `library`; call `finish` on the result to wait for it.
    public static func start(_ arguments: [String], library: URL, environment: [String: String] = [:]) throws -> Started {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DAYBOOK_LIBRARY"] = library.path
        // No network here: weather has tests of its own against a local server.
        env["DAYBOOK_WEATHER"] = "none"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Started(process: process, out: out, err: err)
    }

    /// Starts `process` (its executable and arguments set) with its output and errors piped
    /// and `input` written to its standard input, which is then closed.
    public static func start(_ process: Process, input: Data?) throws -> Started {
        let out = Pipe(), err = Pipe(), standardInput = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        return Started(process: process, out: out, err: err)
    }

    public static func run(_ arguments: [String], library: URL, environment: [String: String] = [:]) throws -> Run {
        try start(arguments, library: library, environment: environment).finish()
    }

    public struct Started {
        public let process: Process
        let out: Pipe
        let err: Pipe

        public func finish() -> Run {
            // Both pipes drained concurrently, so a chatty process never blocks on a full pipe.
            nonisolated(unsafe) var stderr = Data()
            let drained = DispatchSemaphore(value: 0)
            let handle = err.fileHandleForReading
            DispatchQueue.global().async {
                stderr = handle.readDataToEndOfFile(); drained.signal()
            }
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            drained.wait()
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }
}
