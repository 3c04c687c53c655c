import ArgumentParser
import DaybookIngest
import DaybookStore
import DaybookSupport
import DaybookWatch
import DaybookWeb
import Foundation
import Logging
import ServiceLifecycle

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Browse the journal in a web browser: timeline, entries, search, map.",
        discussion: """
            Serves the library as a local web journal: / (timeline by month), /entries/ID (preview, \
            map, weather, camera; edit the text and tags, delete), /search, /on-this-day, /latest \
            (a small page for a widget or side panel), /tags and /map, and a JSON API under /api/ \
            with the same field names as --json (docs/web.md). Run `daybook watch` beside it and \
            new photos appear as they arrive. Journal files another device or a hand edit \
            changed (LIBRARY/journal) reach the pages while it runs. \
            The New-entry page uploads photos and videos from a phone or browser into \
            LIBRARY/uploads/YYYY/MM/ (--uploads), up to --max-upload each.

            It listens on 127.0.0.1 only, unless --host names another address; then every request \
            needs the password whose bcrypt hash --password-file holds (make one with \
            --hash-password; at most 72 bytes), and it refuses to start without one. A browser \
            logs in on /login and keeps a cookie; a script sends the password with HTTP Basic \
            authentication (curl -u :PASSWORD); wrong passwords from one address soon have to wait \
            (429). --https serves HTTPS with a certificate of the journal's own authority (kept in \
            LIBRARY/tls), which a phone trusts once from /trust; --tls-cert and --tls-key serve \
            your own certificate instead. It answers only to its own address and localhost, and bound to 0.0.0.0 or :: to \
            this machine's names and addresses, which it prints for a phone to open (other Host \
            names are refused with 421, against DNS rebinding): behind a reverse proxy or a tunnel, name the public \
            host with --allowed-host. Maps draw country outlines \
            compiled into daybook and need Debian's libjs-leaflet and libjs-leaflet.markercluster; \
            --tiles adds online map tiles. SIGINT (Ctrl-C) or SIGTERM stops it cleanly.

            Without a journal in the library it exits 1, unless --wait-for-journal: then it \
            waits until one is made and serves it, as the systemd unit does (contrib/README.md).

            Examples:
              daybook serve                                  open http://127.0.0.1:8080/
              daybook serve --port 9000 --log-level debug    one log line per request
              daybook serve --tiles 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
              daybook serve --hash-password > ~/.daybook-pw  asks for the password twice
              daybook serve --host 0.0.0.0 --password-file ~/.daybook-pw
              daybook serve --host 0.0.0.0 --https --password-file ~/.daybook-pw
              daybook serve --tls-cert host.crt --tls-key host.key
              daybook serve --allowed-host journal.lan       behind a proxy, by that name
            A systemd user unit is in contrib/daybook-serve.service (see the README).
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var sidecars: SidecarOptions

    @Option(name: .long, help: ArgumentHelp("Address to listen on (non-loopback needs --password-file).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("Port to listen on (0 picks a free one).", valueName: "port"))
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("Online map tiles, an http(s) URL with {z}, {x} and {y}.", valueName: "url"))
    var tiles: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Another name the server answers to (NAME for any port, or NAME:PORT); repeatable. The bound address and localhost always are.",
            valueName: "name"))
    var allowedHost: [String] = []

    @Option(name: .long, help: ArgumentHelp("A file holding the bcrypt hash of the password.", valueName: "file"))
    var passwordFile: String?

    @Flag(name: .long, help: "Read a password (typed twice, unseen, on a terminal), print its bcrypt hash for --password-file, and exit.")
    var hashPassword = false

    @Option(
        name: .customLong("originals"),
        help: ArgumentHelp(
            "Another folder whose photos /originals and previews may serve, besides the ones the library ingests from (repeatable). "
                + "Example: --originals /mnt/old-photos", valueName: "folder"))
    var originalFolders: [String] = []

    @Flag(
        name: .long,
        help:
            "Serve HTTPS with a certificate from a certificate authority of this journal's own, kept in LIBRARY/tls; phones trust it from /trust."
    )
    var https = false

    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp("Serve HTTPS with this PEM certificate (chain), e.g. from `tailscale cert`.", valueName: "file"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Option(
        name: .customLong("uploads"),
        help: ArgumentHelp(
            "Where files uploaded from the New-entry page are kept, in YYYY/MM/ folders (default: LIBRARY/uploads).",
            valueName: "folder"))
    var uploadsFolder: String?

    @Option(
        name: .customLong("max-upload"),
        help: ArgumentHelp(
            "The largest file an upload may be, in bytes or with k, M or G (default: \(UploadLimits.describe(UploadLimits.defaultMaxBytes))).",
            valueName: "size"))
    var maxUpload: String?

    @Option(
        name: .customLong("upload-stall"),
        help: ArgumentHelp(
            "Seconds a connection may send nothing before it is closed and its unfinished upload removed.",
            valueName: "seconds"))
    var uploadStall = UploadLimits.defaultStallSeconds

    @Option(name: .long, help: ArgumentHelp("trace, debug (one line per request), info, notice, warning or error.", valueName: "level"))
    var logLevel: Logger.Level = .info

    @Flag(
        name: .customLong("wait-for-journal"),
        help: "If there is no journal yet, wait for `daybook ingest` or `daybook watch` to make one, then serve it.")
    var waitForJournal = false

    func validate() throws {
        guard !options.json else { throw ValidationError("serve writes a log, not JSON: --json is not supported.") }
        try ServeTLS.validate(https: https, certificate: tlsCertificate, key: tlsKey)
        if let maxUpload, UploadLimits.parseSize(maxUpload) == nil {
            throw ValidationError("--max-upload must be a size such as 800M or 2G, at least 1k (got \(maxUpload)).")
        }
        guard (1...3600).contains(uploadStall) else { throw ValidationError("--upload-stall must be 1–3600 seconds (got \(uploadStall)).") }
    }

    func run() async throws {
        if hashPassword { return try printPasswordHash() }
        var configuration = WebConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.tiles = tiles
        configuration.allowedHosts = allowedHost
        configuration.originalFolders = originalFolders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        configuration.writeSidecars = sidecars.writeSidecars
        configuration.uploadsFolder = uploadsFolder.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        configuration.uploadLimits.maxBytes = maxUpload.flatMap(UploadLimits.parseSize) ?? UploadLimits.defaultMaxBytes
        configuration.uploadLimits.stallSeconds = uploadStall
        let level = logLevel
        LoggingSystem.bootstrap { label in TimestampedLogHandler(label: label, level: level) }
        let logger = Logger(label: "daybook.serve")
        do {
            configuration.passwordHash = try passwordFile.map(PasswordFile.readHash)
            try configuration.validate()
            var groupLogger = logger
            groupLogger.logLevel = level <= .debug ? level : .warning
            let resolved = options.resolvedLibrary
            // Stopped while waiting: a clean stop, like one while serving.
            if waitForJournal, !resolved.exists {
                guard try await JournalArrival.wait(for: resolved, logger: logger, groupLogger: groupLogger) else { return }
            }
            let store = try JournalStore.openExisting(library: resolved)
            let tls = try ServeTLS(
                https: https, certificate: tlsCertificate, key: tlsKey, library: store.library.root, host: host, allowedHosts: allowedHost)
            configuration.tls = tls?.identity
            configuration.authority = tls?.authority
            let weather = ServeWeather.queue(for: store, logger: logger)
            configuration.onNewUpload = { entry in
                if entry.weatherStatus == .pending { weather?.enqueue(entry.id) }
            }
            let journal = try WebJournal(store: store, configuration: configuration)
            let library = store.library.root.path
            let host = self.host
            let scheme = tls == nil ? "http" : "https"
            let app = journal.application(logger: logger) { port in
                let urls = Self.urls(host: host, port: port, scheme: scheme)
                for url in urls { logger.notice("serving \(library) at \(url)") }
                if let authority = tls?.authority, let first = urls.first {
                    logger.notice("phones: trust this journal's certificate at \(first)trust (SHA-256 \(authority.fingerprint))")
                }
            }
            // Journal files another device or a hand edit changed reach the index beside the server.
            let journalFiles = try JournalFolderWatcher.besideServer(store: store, logger: logger, weather: weather)
            let refining = ServeRefining.queue(for: store, logger: logger)
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(
                    services: [.init(service: app)] + (weather.map { [.init(service: $0)] } ?? [])
                        + (journalFiles.map { [.init(service: $0)] } ?? []) + (refining.map { [.init(service: $0)] } ?? []),
                    gracefulShutdownSignals: [.sigterm, .sigint], logger: groupLogger))
            do {
                try await group.run()
            } catch {
                // Most often a port another program holds: say which, and how to pick another.
                guard let problem = ListenProblem.explain(host: host, port: port) else { throw error }
                Console.error(problem)
                throw ExitCode(1)
            }
        } catch let error as WebError {
            Console.error(error.description)
            throw ExitCode(1)
        } catch let error as StoreError {
            Console.error(error.description)
            throw ExitCode(1)
        }
    }

    /// Where a browser finds the journal. Bound to every interface, 0.0.0.0 is no address to
    /// open: the machine's `.local` name and its network addresses are, for a phone at home.
    private static func urls(host: String, port: Int, scheme: String) -> [String] {
        if WebConfiguration.isEveryInterface(host) {
            let urls = MachineNames.current().urls(port: port, scheme: scheme)
            if !urls.isEmpty { return urls }
            return ["\(scheme)://127.0.0.1:\(port)/"]
        }
        return ["\(scheme)://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(port)/"]
    }

    private func printPasswordHash() throws {
        let password: String
        do {
            password = try PasswordPrompt.read()
        } catch PasswordPrompt.Failure.empty {
            throw ValidationError("--hash-password reads the password from standard input; it was empty.")
        } catch {
            Console.error("the two passwords differ: nothing was written; run --hash-password again")
            throw ExitCode(1)
        }
        do {
            Console.output("\(try PasswordFile.hash(password))")
        } catch {
            Console.error(error.description)
            throw ExitCode(1)
        }
    }
}

extension JournalFolderWatcher {
    /// The journal folder's watcher `serve` runs: none for a library opened read-only, which
    /// can index nothing (its pages show what the index holds).
    static func besideServer(store: JournalStore, logger: Logger, weather: WeatherQueue?) throws -> JournalFolderWatcher? {
        guard !store.isReadOnly else { return nil }
        return try JournalFolderWatcher(
            store: store, logger: logger, placer: try? EntryPlacer.embedded(),
            onIndexed: { change in
                switch change {
                case .added(let id), .updated(let id): weather?.enqueue(id)
                default: break
                }
            })
    }
}
