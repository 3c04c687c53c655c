#ifndef CPLACEDATA_H
#define CPLACEDATA_H

#include <stddef.h>

/// The place table (places.bin, made by scripts/derive_places.py) as linked into the binary:
/// read-only, mapped with the program, so it needs no file at run time and no copy in memory.
const unsigned char *dbk_place_table(size_t *size);

#endif
