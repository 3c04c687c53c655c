import ArgumentParser
import DaybookCore
import DaybookStore
import DaybookWeb
import Foundation

/// `daybook export html DIR`, with progress on a terminal.
enum ExportHTML {
    /// How many photos without a preview are named when not `--verbose`.
    static let namedWithoutVerbose = 3

    static func run(store: JournalStore, output: String, verbose: Bool) throws -> Int {
        guard output != "-" else { throw ValidationError("html needs a folder, not standard output.") }
        let progress = ProgressLine()
        let site = try StaticSite(store: store, folder: URL(fileURLWithPath: output))
        let report = try site.write { done, total in progress.update("daybook: exporting entry \(done) of \(total)") }
        progress.clear()
        var line = "daybook: wrote \(report.pages) pages and \(report.entries) entry pages to \(output)"
        line += "; copied \(report.previewsCopied) photo preview\(report.previewsCopied == 1 ? "" : "s")"
        if !report.hasMap { line += "; no map (install libjs-leaflet and libjs-leaflet.markercluster)" }
        Console.writeError(TerminalText(line))
        for line in lines(report, verbose: verbose) { Console.writeError(TerminalText(line)) }
        return report.entries
    }

    /// The photos that got no preview (their thumbnails stand in), by count and then one line
    /// each: all of them with `verbose`, otherwise the first few.
    static func lines(_ report: StaticSite.Report, verbose: Bool) -> [String] {
        var lines: [String] = []
        for (paths, what) in [
            (report.missingPhotos, "missing, or changed since ingest"),
            (report.unpreviewablePhotos, "there but could not be previewed"),
        ] where !paths.isEmpty {
            let count = paths.count
            lines.append("daybook: \(count) photo\(count == 1 ? " was" : "s were") \(what) (thumbnail shown):")
            let shown = verbose ? paths : Array(paths.prefix(namedWithoutVerbose))
            lines += shown.map { "  \($0)" }
            if shown.count < count { lines.append("  … and \(count - shown.count) more (--verbose names all)") }
        }
        return lines
    }
}
