import DaybookImaging
import DaybookMetadata
import DaybookStore
import Foundation

/// Live Photos are one entry: the photo's, with its `.MOV` listed as its `live-photo-video`
/// file (`EntryFile`), as a RAW is with its JPEG (`Ingester+Pairing.swift`). Whichever file
/// is read first, the result is the same: a movie whose photo is already an entry joins it;
/// a movie read before its photo is what it would be alone (an entry of its own), and the
/// photo's ingest then attaches it and deletes that entry, as `daybook watch` sees when the
/// movie arrives minutes before the photo.
extension Ingester {
    /// For a `.MOV` beside the photo it belongs to (`LivePhotoPairing`): joins that photo's
    /// entry, or waits for it when the photo is not yet one. nil when it has no such photo,
    /// and is read as any other file (a video entry of its own).
    func pairLivePhotoMovie(_ path: String) -> IngestEvent? {
        guard LivePhotoPairing.isMovieName(path) else { return nil }
        let photos = LivePhotoPairing.photos(besideMovie: path)
        guard !photos.isEmpty else { return nil }
        do {
            if let known = try store.owner(ofFileAt: path), known.file.role == .livePhotoVideo, Self.size(of: path) == known.file.fileSize {
                return .alreadyInJournal(path: path, id: known.entryID)
            }
            let movieFile = try openMovie(path)
            guard let movie = LivePhotoMovie(movieFile.videoSource) else { return nil }
            for photo in photos {
                guard let still = LivePhotoPairing.Still(bytes: try PhotoFile.load(photo, maxBytes: options.maxFileBytes)),
                    LivePhotoPairing.belong(still, movie)
                else { continue }
                // Another movie of the photo's comes first: that one is its Live Photo movie.
                if firstBelongingMovie(besidePhoto: photo, still: still, before: path) != nil { return nil }
                guard let entry = try store.entry(sourcePath: photo) else {
                    // Its photo is beside it but not yet read (in this run, by another worker,
                    // or later): the photo's ingest lists it, so it never becomes an entry of
                    // its own only to be taken in again.
                    let name = (photo as NSString).lastPathComponent
                    return .skipped(
                        path: path,
                        reason: SkipReason(
                            kind: .video, description: "Live Photo movie beside \(name): listed with that photo's entry when it is read"))
                }
                try attachLivePhotoMovie(path, file: movieFile, to: entry.id)
                return .alreadyInJournal(path: path, id: entry.id)
            }
            return nil
        } catch {
            return .failed(IngestError(path: path, .journal(error)))
        }
    }

    /// After a JPEG or HEIC is stored (or found already stored): lists the `.MOV` beside it
    /// that belongs to it as its entry's. `metadata` is the photo's when it was just read; a
    /// photo found already stored is read again for its identifier only when a movie is there.
    /// A movie already listed with the same size is not read again.
    func attachLivePhotoMovies(
        besidePhoto path: String, bytes: [UInt8], metadata: PhotoMetadata?, entryID: String, emit: @Sendable (IngestEvent) -> Void
    ) {
        let movies = LivePhotoPairing.movies(besidePhoto: path)
        guard !movies.isEmpty else { return }
        let still = metadata.map(LivePhotoPairing.Still.init) ?? LivePhotoPairing.Still(bytes: bytes)
        guard let still else { return }
        for moviePath in movies {
            do {
                if let known = try store.owner(ofFileAt: moviePath), known.entryID == entryID,
                    Self.size(of: moviePath) == known.file.fileSize
                {
                    continue
                }
                let movieFile = try openMovie(moviePath)
                guard let movie = LivePhotoMovie(movieFile.videoSource), LivePhotoPairing.belong(still, movie) else { continue }
                try attachLivePhotoMovie(moviePath, file: movieFile, to: entryID)
                return
            } catch {
                emit(
                    .warning(
                        path: path, message: "could not list its Live Photo movie \((moviePath as NSString).lastPathComponent): \(error)"))
            }
        }
    }

    /// The first movie beside `photo`, in name order and before `path` (or among all of them
    /// when `path` is nil), that belongs to `still`.
    func firstBelongingMovie(besidePhoto photo: String, still: LivePhotoPairing.Still, before path: String? = nil) -> String? {
        let movies = LivePhotoPairing.movies(besidePhoto: photo)
        for moviePath in movies.prefix(while: { $0 != path }) {
            guard let file = try? openMovie(moviePath), let movie = LivePhotoMovie(file.videoSource),
                LivePhotoPairing.belong(still, movie)
            else { continue }
            return moviePath
        }
        return nil
    }

    /// A movie as ingest opens any file: a video is read by offset, never whole.
    private func openMovie(_ path: String) throws(Rejection) -> SourceFile {
        try PhotoFile.open(path, maxBytes: options.maxFileBytes, maxVideoBytes: options.maxVideoFileBytes)
    }

    /// The store's attach, then the thumbnail of an entry the movie had of its own.
    private func attachLivePhotoMovie(_ path: String, file movie: SourceFile, to entryID: String) throws {
        let file = EntryFile(
            role: .livePhotoVideo, path: path, contentHash: try movie.contentHash(), fileSize: Int64(movie.size))
        if let orphan = try store.attach(file, to: entryID) { _ = try? thumbnailFiles.remove(orphan) }
    }

    private static func size(of path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
