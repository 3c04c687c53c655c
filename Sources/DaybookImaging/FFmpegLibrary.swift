import CFFmpeg

/// FFmpeg's functions, from libraries opened on the first video (CFFmpeg's loader.c) instead
/// of linked: linked, they and their dependencies would cost every `daybook` command start-up
/// time, and most commands never meet a video.
enum FFmpegLibrary {
    private static let loaded: Result<DaybookFFmpeg, VideoError> = {
        var reason: UnsafePointer<CChar>?
        guard let table = daybook_ffmpeg_load(&reason) else {
            return .failure(.ffmpegMissing(reason.map { String(cString: $0) } ?? "unknown reason"))
        }
        // Every failure comes back as a returned code, which the readers word themselves;
        // FFmpeg's own log lines would only repeat them on stderr, between the CLI's lines.
        table.pointee.av_log_set_level(AV_LOG_QUIET)
        return .success(table.pointee)
    }()

    /// The functions; `ffmpegMissing` when FFmpeg's libraries are not installed.
    static func api() throws(VideoError) -> DaybookFFmpeg { try loaded.get() }
}
