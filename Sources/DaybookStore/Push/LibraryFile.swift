import Foundation

/// The library's small JSON settings files (the reminder's, the push subscriptions and key):
/// read without following a link and never past the size Daybook writes them, written whole
/// (`Library.writeFile`), snake_case keys as every JSON file of Daybook's.
package enum LibraryFile {
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    package static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// The file's bytes; nil when there is no such file.
    package static func read(_ name: String, in library: Library, maximumBytes: Int) throws -> Data? {
        let path = library.root.appendingPathComponent(name).path
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw LibraryFileError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard let data = try handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes else {
            throw LibraryFileError("\(path) is empty or larger than Daybook writes it")
        }
        return data
    }

    /// Runs `body` holding `LIBRARY/.NAME.lock`, so that two writers of one file (the web
    /// journal and `daybook remind`, two processes) never lose each other's change.
    package static func locked<T>(_ name: String, in library: Library, _ body: () throws -> T) throws -> T {
        let path = library.root.appendingPathComponent(".\(name).lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw LibraryFileError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw LibraryFileError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        }
        return try body()
    }
}

/// A library settings file that cannot be read or written, in words for the person.
package struct LibraryFileError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
