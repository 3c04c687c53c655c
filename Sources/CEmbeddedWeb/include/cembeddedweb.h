#ifndef CEMBEDDEDWEB_H
#define CEMBEDDEDWEB_H

#include "cembedded.h"

/// The web journal's templates and static files (files.c), `*count` of them.
const struct dbk_embedded_file *dbk_embedded_web_files(size_t *count);

#endif
