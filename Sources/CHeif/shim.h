#ifndef DAYBOOK_CHEIF_SHIM_H
#define DAYBOOK_CHEIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <libheif/heif.h>
#endif
