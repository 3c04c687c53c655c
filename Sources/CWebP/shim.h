#ifndef DAYBOOK_CWEBP_SHIM_H
#define DAYBOOK_CWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/demux.h>
#endif
