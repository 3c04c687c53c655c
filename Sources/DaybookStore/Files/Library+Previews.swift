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
        let folder = library.whyNotWritable() == nil ? library.previewsURL : privatePreviewsURL
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw StoreError.io("cannot create \(folder.path): \(String(cString: strerror(errno)))")
        }
        return try ThumbnailFiles(folder: folder, role: "the previews folder", mustBeOwn: folder != library.previewsURL)
    }

    /// Previews are named by content hash, so one folder serves every read-only library.
    private static var privatePreviewsURL: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("daybook-previews-\(getuid())", isDirectory: true)
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
        let folder = library.whyNotWritable() == nil ? library.jpegOriginalsURL : privateJPEGOriginalsURL
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw StoreError.io("cannot create \(folder.path): \(String(cString: strerror(errno)))")
        }
        return try ThumbnailFiles(folder: folder, role: "the JPEG originals folder", mustBeOwn: folder != library.jpegOriginalsURL)
    }

    private static var privateJPEGOriginalsURL: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("daybook-jpeg-originals-\(getuid())", isDirectory: true)
    }
}
