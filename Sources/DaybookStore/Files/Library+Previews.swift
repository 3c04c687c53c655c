import Foundation

extension Library {
    /// `previews/`: the web journal's large previews, named like thumbnails (by the photo's
    /// content hash) and made on demand; any of them can be deleted and is made again.
    public var previewsURL: URL { root.appendingPathComponent("previews", isDirectory: true) }
}

extension ThumbnailFiles {
    /// The library's `previews/` folder, created private when missing; refused when it is a
    /// symbolic link or not a folder, exactly like `thumbnails/`. A library this user cannot
    /// write (served read-only) keeps its previews in a private folder of the user's own.
    public static func previews(of library: Library) throws -> ThumbnailFiles {
        try renditions(of: library, in: library.previewsURL, privately: "daybook-previews", role: "the previews folder")
    }

    /// `folder` of the library, or for a library this user cannot write, `privateName` (with
    /// the user's id) in the temporary folder: renditions are named by content hash, so one
    /// private folder serves every read-only library.
    private static func renditions(
        of library: Library, in folder: URL, privately privateName: String, role: String
    ) throws -> ThumbnailFiles {
        let own = FileManager.default.temporaryDirectory.appendingPathComponent("\(privateName)-\(getuid())", isDirectory: true)
        let chosen = library.whyNotWritable() == nil ? folder : own
        if mkdir(chosen.path, 0o700) != 0 && errno != EEXIST {
            throw StoreError.io("cannot create \(chosen.path): \(String(cString: strerror(errno)))")
        }
        return try ThumbnailFiles(folder: chosen, role: role, mustBeOwn: chosen != folder)
    }
}

extension Library {
    /// `jpeg-originals/`: full-size JPEG renditions of photos browsers may not show (HEIC),
    /// named by the photo's content hash, made on demand; any of them can be deleted.
    public var jpegOriginalsURL: URL { root.appendingPathComponent("jpeg-originals", isDirectory: true) }
}

extension ThumbnailFiles {
    /// The library's `jpeg-originals/` folder, with the guarantees of `previews/`; for a
    /// library this user cannot write, a private folder of the user's own, as for previews,
    /// or a read-only library could not be served at all.
    public static func jpegOriginals(of library: Library) throws -> ThumbnailFiles {
        try renditions(of: library, in: library.jpegOriginalsURL, privately: "daybook-jpeg-originals", role: "the JPEG originals folder")
    }
}
