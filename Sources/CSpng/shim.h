#ifndef DAYBOOK_CSPNG_SHIM_H
#define DAYBOOK_CSPNG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <spng.h>
#endif
