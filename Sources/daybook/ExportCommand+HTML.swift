import ArgumentParser
import DaybookCore
import DaybookStore
import DaybookWeb
import Foundation

/// `daybook export html DIR`, with progress on a terminal.
enum ExportHTML {
    static func run(store: JournalStore, output: String) throws -> Int {
        guard output != "-" else { throw ValidationError("html needs a folder, not standard output.") }
        let progress = ProgressLine()
        let site = try StaticSite(store: store, folder: URL(fileURLWithPath: output))
        let report = try site.write { done, total in progress.update("daybook: exporting entry \(done) of \(total)") }
        progress.clear()
        var line = "daybook: wrote \(report.pages) pages and \(report.entries) entry pages to \(output)"
        if report.previewsMissing > 0 { line += "; \(report.previewsMissing) photos were not where the journal saw them (thumbnail shown)" }
        if !report.hasMap { line += "; no map (install libjs-leaflet and libjs-leaflet.markercluster)" }
        Console.writeError(TerminalText(line))
        return report.entries
    }
}
