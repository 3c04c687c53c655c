#ifndef DAYBOOK_CRAW_SHIM_H
#define DAYBOOK_CRAW_SHIM_H
/* LibRaw's C API, thread-safe build (libraw_r): one handle per photo, one photo per worker. */
#include <libraw/libraw.h>
#endif
