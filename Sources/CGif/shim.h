#ifndef DAYBOOK_CGIF_SHIM_H
#define DAYBOOK_CGIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <gif_lib.h>
#endif
