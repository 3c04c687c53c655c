#ifndef CEMBEDDED_H
#define CEMBEDDED_H

#include <stddef.h>

/// A file of the repository compiled into the binary: read-only, mapped with the program, so
/// it needs no file at run time and no copy in memory.
struct dbk_embedded_file {
    /// Where it is in the repository, e.g. "Sources/DaybookPlaces/places.bin".
    const char *path;
    const unsigned char *bytes;
    size_t size;
};

/// The files every program carries (files.c: the place table), `*count` of them.
const struct dbk_embedded_file *dbk_embedded_place_files(size_t *count);

#endif
