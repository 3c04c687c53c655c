import ArgumentParser
import DaybookIngest
import DaybookStore
import DaybookSupport
import DaybookWatch
import DaybookWeather
import Foundation
import Logging
import ServiceLifecycle

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Ingest photos as they arrive in folders, until stopped.",
        discussion: """
            Watches each folder and everything below it (new subfolders too) and adds each photo \
            once it is complete: when the program writing it closes it, or when it is moved or \
            renamed in. Half-written files are never read: a JPEG or HEIC that still ends early when it is \
            closed (FTP, SMB and resumed downloads write in rounds) is read once unchanged for \
            --settle seconds, and a later version replaces an entry stored from a truncated one. At start it catches up on what arrived \
            while it was not running. It rescans every --rescan-interval seconds for files that \
            inotify cannot see (a network share written from another machine); a file found that \
            way is read once it has not changed for --settle seconds. A file that fails is tried \
            again only when it changes. Hidden files and downloads in progress (.part, .crdownload, \
            .tmp) are ignored.

            Photos go through the same pipeline as `daybook ingest` (parallel, deduplicated by \
            content). It logs one line per file on standard error, with a time stamp. SIGINT \
            (Ctrl-C) or SIGTERM stops it: files in hand are finished, the rest are picked up by \
            the next start, and it exits 0.

            It also watches the library's journal folder (LIBRARY/journal): a journal file \
            written by another device (through Syncthing, say) or edited by hand changes its \
            entry within a second, and files changed while it was not running are read at start. \
            A file that does not read is logged once, with its line, and left as it is.

            --move-to DIR moves each photo, once it is in the journal, to DIR/YYYY/MM/ by capture \
            date (DIR/undated/ without one), and the entry follows it. Names are never \
            overwritten: a clash becomes IMG_0001-1.jpg. Without it, files stay where they are.

            Each watched folder costs one inotify watch; when the per-user limit \
            (fs.inotify.max_user_watches) is reached it says so and how to raise it. Use --poll \
            for folders where inotify sees nothing (NFS, SMB, FUSE mounts).

            Examples:
              daybook watch ~/Pictures/Import
              daybook watch ~/Pictures/Import --move-to ~/Pictures/Library
              daybook watch /mnt/nas/phone --poll --rescan-interval 60 --settle 30
              daybook watch ~/Pictures/Import --log-level debug
            A systemd user unit is in contrib/daybook-watch.service (see the README).
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var weatherOptions: WeatherOptions

    @Option(
        name: .customLong("move-to"),
        help: ArgumentHelp(
            "After ingesting, move each photo to DIR/YYYY/MM/ (never overwriting).", valueName: "dir"))
    var moveTo: String?

    @Option(name: .long, help: ArgumentHelp("Seconds between full rescans.", valueName: "seconds"))
    var rescanInterval: Double = 300

    @Flag(name: .long, help: "Do not use inotify: rely on rescans alone (network mounts).")
    var poll = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file found by a rescan, or a JPEG or HEIC that ends early, is read once it has not changed for this many seconds.",
            valueName: "seconds"))
    var settle: Double = 5

    @OptionGroup var pipelineOptions: PipelineOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "trace, debug, info (one line per file), notice, warning, error or critical.", valueName: "level"))
    var logLevel: Logger.Level = .info

    @Argument(help: ArgumentHelp("Folders to watch (recursively).", valueName: "folder"))
    var folders: [String] = []

    func validate() throws {
        guard !folders.isEmpty else { throw ValidationError("Give at least one folder to watch.") }
        guard !options.json else { throw ValidationError("watch writes a log, not JSON: --json is not supported.") }
        guard rescanInterval >= 0.1 else { throw ValidationError("--rescan-interval must be at least 0.1 seconds.") }
        guard settle >= 0 else { throw ValidationError("--settle cannot be negative.") }
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("\(folder) is not a folder.")
            }
        }
    }

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in TimestampedLogHandler(label: label, level: level) }
        let logger = Logger(label: "daybook.watch")
        let store = try JournalStore(library: options.resolvedLibrary)
        let configuration = WatchConfiguration(
            folders: folders, archive: moveTo, rescanInterval: rescanInterval, pollOnly: poll, settleTime: settle,
            ingest: pipelineOptions.ingestOptions)
        if let archive = configuration.archive {
            let library = store.library.root.path
            if archive == library || archive.hasPrefix(library + "/") {
                throw ValidationError("--move-to cannot be inside the library (\(library)).")
            }
        }
        // Weather is fetched in batches beside the watcher, never on its ingest threads.
        let weather = try weatherOptions.backfill(for: store, retry: RetryPolicy(maxAttempts: 2)).map { backfill, choice in
            WeatherQueue(backfill: backfill, archiveDelayDays: choice.archiveDelayDays, logger: logger)
        }
        let service = try WatchService(
            store: store, configuration: configuration, logger: logger,
            onNewEntry: { entry in
                if entry.weatherStatus == .pending { weather?.enqueue(entry.id) }
            })
        // Journal files another device or a hand edit changed reach the index here.
        let journal = try JournalFolderWatcher(
            store: store, logger: logger, placer: try? EntryPlacer.embedded(),
            onIndexed: { change in
                switch change {
                case .added(let id), .updated(let id): weather?.enqueue(id)
                default: break
                }
            })
        var groupLogger = logger
        groupLogger.logLevel = level <= .debug ? level : .warning
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: service, successTerminationBehavior: .gracefullyShutdownGroup), .init(service: journal),
        ]
        if let weather { services.append(.init(service: weather)) }
        // Full-quality thumbnails for the first looks of each batch (and any left before),
        // made beside the watcher within seconds of the batch, with its --jobs.
        services.append(.init(service: RefineQueue(store: store, options: configuration.ingest, logger: logger)))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: groupLogger))
        try await group.run()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
