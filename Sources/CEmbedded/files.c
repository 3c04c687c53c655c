// The files every Daybook program carries, by #embed (C23): the bytes go into the binary's
// read-only data, so a copied binary needs nothing beside it, and clang lists each file in the
// object's dependency file, so SwiftPM rebuilds this list when one of them changes. The web
// journal's files are CEmbeddedWeb's list, linked only into `daybook` (docs/embedded-files.md).
//
// To add a file: an array below and a row in `files`; EmbeddedTests check the rest (each row's
// bytes against the file in the repository, and every data file beside an embedded one listed).
#include "cembedded.h"

// #embed is standard C23; SwiftPM compiles C targets in an older mode, where clang accepts it as
// an extension. The pragma keeps that from warning on every build.
#pragma clang diagnostic ignored "-Wc23-extensions"

// The place table, read where it lies (PlaceTable); aligned, so that its sections (8-byte
// aligned from its start) are aligned in memory too.
_Alignas(16) static const unsigned char places_bin[] = {
#embed "../DaybookPlaces/places.bin"
};

static const struct dbk_embedded_file files[] = {
    {"Sources/DaybookPlaces/places.bin", places_bin, sizeof places_bin},
};

const struct dbk_embedded_file *dbk_embedded_place_files(size_t *count) {
    *count = sizeof files / sizeof files[0];
    return files;
}
