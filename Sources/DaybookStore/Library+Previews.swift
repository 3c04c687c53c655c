import Foundation

extension Library {
    /// `previews/`: the web journal's large previews, named like thumbnails (by the photo's
    /// content hash) and made on demand; any of them can be deleted and is made again.
    public var previewsURL: URL { root.appendingPathComponent("previews", isDirectory: true) }
}

extension ThumbnailFiles {
    /// The library's `previews/` folder, created private when missing; refused when it is a
    /// symbolic link or not a folder, exactly like `thumbnails/`.
    public static func previews(of library: Library) throws -> ThumbnailFiles {
        if mkdir(library.previewsURL.path, 0o700) != 0 && errno != EEXIST {
            throw StoreError.io("cannot create \(library.previewsURL.path): \(String(cString: strerror(errno)))")
        }
        return try ThumbnailFiles(folder: library.previewsURL, role: "the previews folder")
    }
}

extension Library {
    /// `jpeg-originals/`: full-size JPEG renditions of photos browsers may not show (HEIC),
    /// named by the photo's content hash, made on demand; any of them can be deleted.
    public var jpegOriginalsURL: URL { root.appendingPathComponent("jpeg-originals", isDirectory: true) }
}

extension ThumbnailFiles {
    /// The library's `jpeg-originals/` folder, with the guarantees of `previews/`.
    public static func jpegOriginals(of library: Library) throws -> ThumbnailFiles {
        if mkdir(library.jpegOriginalsURL.path, 0o700) != 0 && errno != EEXIST {
            throw StoreError.io("cannot create \(library.jpegOriginalsURL.path): \(String(cString: strerror(errno)))")
        }
        return try ThumbnailFiles(folder: library.jpegOriginalsURL, role: "the JPEG originals folder")
    }
}
