import ArgumentParser
import DaybookCore
import DaybookReminders
import DaybookStore
import Foundation

struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Send today's on-this-day reminder by e-mail and to the desktop, once a day.",
        discussion: """
            The reminder lists this day's entries of earlier years, a year at a time ("3 years \
            ago, in Lisbon"), with a few thumbnails and a link to the web journal's \
            /on-this-day page. It is built once and sent through every channel set up.

            Set it up once (the settings are kept in the library, remind.json):
              daybook remind --mail-to ana@example.org --mail-from daybook@example.org \\
                --smtp smtp://mail.example.org:587 --smtp-user ana \\
                --smtp-password-file ~/.smtp-password
              daybook remind --desktop on --url http://nas.local:8080 --time 07:30
              daybook remind --settings         what is set (never the password)
              daybook remind --install-timer    every day at --time (a systemd user timer)

            Then `daybook remind` alone sends it. It goes once a day per channel: a second run \
            the same day says so and sends nothing, unless --again. A channel that fails \
            (server down, login refused, no desktop session) says why in one line, exits 1 and \
            is tried again by the next run; the other channels still go. A day with nothing \
            from earlier years sends nothing, or another day's memory with --when-empty random.

            E-mail goes through SMTP with STARTTLS (smtp://, usually port 587) or TLS \
            (smtps://, port 465). The password is read from --smtp-password-file or \
            $DAYBOOK_SMTP_PASSWORD, never from the command line. The desktop notification \
            uses notify-send, else gdbus, on the session bus.

            Try it without sending: --dry-run prints what each channel would send (--json for \
            scripts), and --date YYYY-MM-DD picks another day. More in docs/reminders.md.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(
        name: .long, parsing: .singleValue, help: ArgumentHelp("Send the e-mail to this address (repeat for more).", valueName: "address"))
    var mailTo: [String] = []

    @Option(name: .long, help: ArgumentHelp("The e-mail's sender.", valueName: "address"))
    var mailFrom: String?

    @Option(name: .long, help: ArgumentHelp("The mail server: smtp://HOST:PORT (STARTTLS) or smtps://HOST:PORT.", valueName: "url"))
    var smtp: String?

    @Option(name: .long, help: ArgumentHelp("The mail server's login.", valueName: "user"))
    var smtpUser: String?

    @Option(name: .long, help: ArgumentHelp("A file whose first line is the login's password.", valueName: "file"))
    var smtpPasswordFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Trust the mail server's certificate through these PEM certificates, not the system's.", valueName: "file"))
    var smtpCaFile: String?

    @Option(name: .long, help: .hidden)
    var smtpPassword: String?

    @Flag(name: .long, help: "Stop sending e-mail (forget the mail settings).")
    var noMail = false

    @Option(name: .long, help: ArgumentHelp("Show a desktop notification.", valueName: "on|off"))
    var desktop: Switch?

    @Option(name: .long, help: ArgumentHelp("The web journal's address, for the link to the day's page.", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("When the timer sends it (default 08:00).", valueName: "HH:MM"))
    var time: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A day without entries of earlier years: send nothing, or a random memory.", valueName: "skip|random"))
    var whenEmpty: ReminderSettings.WhenEmpty?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Push the reminder to this browser too: its PushSubscription as JSON ('-' for standard input).", valueName: "file"))
    var pushSubscription: String?

    @Flag(name: .long, help: "Print the public key browsers subscribe with (applicationServerKey).")
    var pushPublicKey = false

    @Flag(name: .long, help: "List the settings (no password is ever printed).")
    var settings = false

    @Flag(name: .long, help: "Print what each channel would send; send nothing.")
    var dryRun = false

    @Option(name: .long, help: ArgumentHelp("The day to remind of (default today).", valueName: "YYYY-MM-DD"))
    var date: String?

    @Flag(name: .long, help: "Send even if today's reminder was sent already.")
    var again = false

    @Flag(name: .long, help: "Write the systemd user timer and service and enable them.")
    var installTimer = false

    enum Switch: String, ExpressibleByArgument {
        case on, off
    }

    var changesSettings: Bool {
        !mailTo.isEmpty || mailFrom != nil || smtp != nil || smtpUser != nil || smtpPasswordFile != nil || smtpCaFile != nil
            || noMail || desktop != nil || url != nil || time != nil || whenEmpty != nil
    }

    func validate() throws {
        if smtpPassword != nil {
            throw ValidationError(
                "--smtp-password is not taken: every user of this machine can read a command line. "
                    + "Put the password in a file (--smtp-password-file FILE) or in $DAYBOOK_SMTP_PASSWORD.")
        }
        if let date, CivilDate(iso: date) == nil { throw ValidationError("--date must look like 2026-07-14 (got \(date)).") }
        if let time, !ReminderSettings.isTime(time) { throw ValidationError("--time must look like 07:30 (got \(time)).") }
        if noMail && (!mailTo.isEmpty || mailFrom != nil || smtp != nil) {
            throw ValidationError("--no-mail forgets the mail settings: give it without --mail-to, --mail-from or --smtp.")
        }
        if changesSettings && !dryRun && (again || date != nil) {
            throw ValidationError(
                "Settings are saved on their own: save them first, then run `daybook remind` to send "
                    + "(or try them unsaved with --dry-run).")
        }
        if settings && (dryRun || again) { throw ValidationError("--settings lists the settings; it sends nothing.") }
    }

    func run() throws {
        let library = options.resolvedLibrary
        guard library.exists else {
            throw CommandError(description: "no journal at \(library.root.path) (run `daybook ingest PATH` first)")
        }
        let environment = ProcessInfo.processInfo.environment
        if pushPublicKey { return Console.output(TerminalText(try VAPIDKey.load(in: library).publicKey)) }
        if let pushSubscription {
            try RemindPush.add(pushSubscription, library: library)
            if !(changesSettings || settings || installTimer) { return }
        }
        // A preview with settings on the command line tries them without saving them.
        if dryRun && changesSettings {
            return try send(library: library, environment: environment, settings: try changed(try ReminderSettings.read(in: library)))
        }
        if changesSettings || settings || installTimer {
            var current = try ReminderSettings.read(in: library)
            if changesSettings {
                current = try changed(current)
                try current.write(in: library)
                if !options.json {
                    Console.output("Reminder settings saved in \(library.root.appendingPathComponent(ReminderSettings.fileName).path).")
                }
            }
            if changesSettings || settings {
                let browsers = try PushSubscriptions.read(in: library).subscriptions.count
                try RemindOutput.printSettings(current, browsers: browsers, json: options.json)
            }
            if installTimer { try RemindTimerInstall.install(settings: current, library: library, environment: environment) }
            return
        }
        try send(library: library, environment: environment)
    }

    private func send(library: Library, environment: [String: String], settings given: ReminderSettings? = nil) throws {
        let settings = try given ?? ReminderSettings.read(in: library)
        let day = date.flatMap { CivilDate(iso: $0) } ?? CivilDate(LocalClock.now())
        let run = ReminderRun(library: library, settings: settings, date: day, again: again, environment: environment)
        guard settings.hasChannel || run.hasPushSubscriptions || dryRun else {
            throw CommandError(
                description: "no reminder is set up: give an e-mail (--mail-to, --mail-from, --smtp) or --desktop on "
                    + "(daybook remind --help)")
        }
        let store = try JournalStore.openExisting(library: library, for: .querying)
        let reminder = try run.reminder(store: store)
        if dryRun { return try RemindOutput.printPreview(reminder, run: run, json: options.json) }
        guard !reminder.isEmpty else {
            if options.json { try RemindOutput.printReport(reminder, outcomes: [], date: day) }
            return Console.writeError("daybook: nothing from \(reminder.dayTitle) in earlier years: no reminder sent")
        }
        let outcomes = try run.send(reminder, through: run.channels)
        if options.json {
            try RemindOutput.printReport(reminder, outcomes: outcomes, date: day)
        } else {
            RemindOutput.printOutcomes(outcomes)
        }
        if outcomes.contains(where: { $0.status == .failed }) { throw ExitCode(1) }
    }

    /// `current` with this command line's settings; the mail's, whole or refused.
    private func changed(_ current: ReminderSettings) throws -> ReminderSettings {
        var settings = current
        if noMail { settings.mail = nil }
        let mailGiven = !mailTo.isEmpty || mailFrom != nil || smtp != nil || smtpUser != nil || smtpPasswordFile != nil || smtpCaFile != nil
        if mailGiven {
            guard let to = mailTo.isEmpty ? current.mail?.to : mailTo, let from = mailFrom ?? current.mail?.from,
                let server = smtp ?? current.mail?.server
            else {
                throw CommandError(description: "an e-mail needs --mail-to, --mail-from and --smtp smtp://HOST:PORT")
            }
            var mail = ReminderSettings.Mail(
                to: to, from: from, server: server, user: smtpUser ?? current.mail?.user,
                passwordFile: smtpPasswordFile.map(Self.absolute) ?? current.mail?.passwordFile,
                caFile: smtpCaFile.map(Self.absolute) ?? current.mail?.caFile)
            if mail.user?.isEmpty == true { mail.user = nil }
            try ReminderSettingsCheck.mail(mail)
            settings.mail = mail
        }
        if let desktop { settings.desktop = desktop == .on }
        if let url { settings.url = url.isEmpty ? nil : try ReminderSettingsCheck.site(url) }
        if let time { settings.time = time }
        if let whenEmpty { settings.whenEmpty = whenEmpty }
        return settings
    }

    /// Files are kept by absolute path: the timer runs elsewhere than this shell.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return NSHomeDirectory() + path.dropFirst() }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}

extension ReminderSettings.WhenEmpty: ExpressibleByArgument {}
