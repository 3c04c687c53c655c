import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation

struct Sidecars: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sidecars",
        abstract: "Turn on or off writing your words, tags, dates and places into XMP sidecars.",
        discussion: """
            With sidecars on, every change you make to a photo's entry (its text, tags, a date \
            or place set by hand), here or in the web journal, is also written into the photo's \
            XMP sidecar, where digiKam, darktable, Lightroom and exiftool read it: \
            dc:description, dc:subject and lr:hierarchicalSubject, photoshop:DateCreated and \
            exif:DateTimeOriginal, exif:GPSLatitude and GPSLongitude. The sidecar Daybook reads \
            is the one it writes (IMG_0001.jpg.xmp, else IMG_0001.xmp, else a new \
            IMG_0001.jpg.xmp); everything else in it stays byte for byte, and the photo itself \
            is never written. It is off unless you turn it on: it writes into your photo \
            folders. --write-sidecars on edit, tag, write, photo attach and photo replace \
            does it for one command, and on serve for the server's run.

            The setting is a file of the library (sidecar-write-back), so a rebuilt index keeps it.

            Examples:
              daybook sidecars on
              daybook sidecars status
              daybook edit 3f2a --add-tag beach --write-sidecars
            """
    )

    enum Action: String, ExpressibleByArgument, CaseIterable { case on, off, status }

    @OptionGroup var options: LibraryOptions

    @Argument(help: ArgumentHelp("on, off or status.", valueName: "on|off|status"))
    var action: Action = .status

    func run() throws {
        let library = options.resolvedLibrary
        if action != .status {
            // Opened for writing: a library that is not there, or not this user's to write, is refused as every change is.
            _ = try JournalStore.openExisting(library: library, for: .writing)
            try SidecarWriteBackSetting.set(action == .on, in: library)
        }
        let on = SidecarWriteBackSetting.isOn(library)
        if options.json { return try Console.printJSON(["write_sidecars": on]) }
        Console.output(
            on
                ? "sidecars: on (changes to photo entries are written into their XMP sidecars)"
                : "sidecars: off (daybook sidecars on writes changes into XMP sidecars)")
    }
}

/// `--write-sidecars` on the commands that change entries.
struct SidecarOptions: ParsableArguments {
    @Flag(name: .long, help: "Write the change into the photo's XMP sidecar too, whatever `daybook sidecars` says.")
    var writeSidecars = false

    /// The write-back for this run: warnings on standard error, each folder that refuses
    /// writes named once.
    func writeBack(_ library: Library) -> SidecarWriteBack {
        SidecarWriteBack(library: library, forced: writeSidecars) { Console.warning(TerminalText($0)) }
    }
}
