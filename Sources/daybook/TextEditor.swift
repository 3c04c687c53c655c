import Foundation

/// Opens `$VISUAL`/`$EDITOR` on a temporary file, as git does for commit messages.
enum TextEditor {
    static func edit(_ text: String, label: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // A fresh name created exclusively and never through a link: the temporary folder is
        // shared, and a name guessed in advance must not redirect the entry's text elsewhere.
        let safeLabel = label.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-\(safeLabel)-\(UUID().uuidString).txt")
        let fd = open(file.path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandError.system(errno, "cannot create \(file.path)") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { unlink(file.path) }
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Through the shell, so EDITOR may carry arguments ("code --wait").
        process.arguments = ["-c", "\(command) \"$1\"", "daybook-editor", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError.editorFailed(command, status: process.terminationStatus)
        }
        do { return String(decoding: try Data(contentsOf: file), as: UTF8.self) } catch { throw CommandError.cannotRead(file.path, error) }
    }
}
