import DaybookCore
import DaybookStore
import Foundation

/// A text `edit` could not save because the entry's text changed meanwhile: kept in the
/// library's `unsaved/` folder, so nothing typed is lost, and reported with both texts.
enum UnsavedText {
    /// One `daybook: error:` line saying where the text is kept and how to save it anyway,
    /// then the journal's text and the one not saved, on standard error.
    static func report(_ conflict: EditConflict, library: Library) throws {
        let file = try keep(conflict.submittedText, entryID: conflict.entryID, library: library)
        let id = conflict.entryID.prefix(8)
        Console.error(
            "\(conflict); yours is kept in \(file.path) (to save it anyway: daybook edit \(id) --text-file \(file.path) "
                + "--if-version \(conflict.currentVersion))")
        Console.writeError("--- the journal's text now (text_version \(conflict.currentVersion)):")
        writeLines(conflict.currentText)
        Console.writeError("--- your text, not saved:")
        writeLines(conflict.submittedText)
    }

    /// Written under a temporary name and renamed, inside a private folder opened without
    /// following links; a random part keeps two refusals in one second apart.
    static func keep(_ text: String, entryID: String, library: Library) throws -> URL {
        let folder = library.root.appendingPathComponent("unsaved", isDirectory: true)
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST { throw CommandError.system(errno, "cannot create \(folder.path)") }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { throw CommandError.system(errno, "cannot open \(folder.path)") }
        defer { close(directory) }
        let stamp = UTCTimestamp.text(Date()).filter { $0 != "-" && $0 != ":" }
        let name = "\(entryID.prefix(8))-\(stamp)-\(UUID().uuidString.prefix(4).lowercased()).txt"
        let temporary = ".\(name).tmp"
        let fd = openat(directory, temporary, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandError.system(errno, "cannot create \(folder.path)/\(temporary)") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            unlinkat(directory, temporary, 0)
            throw CommandError.cannotWrite("\(folder.path)/\(temporary)", error)
        }
        guard renameat(directory, temporary, directory, name) == 0 else {
            let code = errno
            unlinkat(directory, temporary, 0)
            throw CommandError.system(code, "cannot rename \(temporary) to \(name) in \(folder.path)")
        }
        return folder.appendingPathComponent(name)
    }

    /// Line by line, each escaped as every terminal line is (an escape sequence in the text
    /// must not act on the terminal); the file keeps the exact text.
    static func writeLines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { Console.writeError(TerminalText(line)) }
    }
}
