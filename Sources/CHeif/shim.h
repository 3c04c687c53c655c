#ifndef DAYBOOK_CHEIF_SHIM_H
#define DAYBOOK_CHEIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <libheif/heif.h>
/* mallopt, for HEIFFile's large decode buffers; Swift's Glibc module leaves malloc.h out. */
#include <malloc.h>
#endif
