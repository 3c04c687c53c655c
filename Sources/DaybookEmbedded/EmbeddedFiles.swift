import CEmbedded

/// A file of the repository that the binary carries (docs/embedded-files.md): its bytes lie in
/// the binary's read-only data.
package struct EmbeddedFile: @unchecked Sendable {
    /// Where it is in the repository, e.g. `Sources/DaybookWeb/Assets/static/daybook.css`.
    package let path: String
    /// Valid for the life of the process and never written (the program's own read-only
    /// pages), hence Sendable.
    package let bytes: UnsafeRawBufferPointer

    /// The file's name without its folder.
    package var name: Substring { path.split(separator: "/").last ?? "" }

    /// The bytes as UTF-8 (templates, styles, scripts), each invalid sequence replaced.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// One list of embedded files, by their path in the repository: the place table's
/// (`dbk_embedded_place_files`, every program) or the web journal's (`dbk_embedded_web_files`,
/// only `daybook`).
package struct EmbeddedFiles: Sendable {
    package let all: [EmbeddedFile]

    /// The files of a C list, which gives its length through `count`.
    package init(_ list: (_ count: UnsafeMutablePointer<Int>?) -> UnsafePointer<dbk_embedded_file>?) {
        var count = 0
        guard let table = list(&count) else {
            all = []
            return
        }
        all = (0..<count).map { index in
            let file = table[index]
            return EmbeddedFile(path: String(cString: file.path), bytes: UnsafeRawBufferPointer(start: file.bytes, count: file.size))
        }
    }

    /// The files every program carries.
    package static let places = EmbeddedFiles(dbk_embedded_place_files)

    /// The file at `path`, or nil when the binary does not carry it.
    package func file(_ path: String) -> EmbeddedFile? {
        all.first { $0.path == path }
    }

    /// The files directly in `folder` (a repository path without its final slash).
    package func files(in folder: String) -> [EmbeddedFile] {
        all.filter { $0.path.hasPrefix(folder + "/") && !$0.path.dropFirst(folder.count + 1).contains("/") }
    }
}
