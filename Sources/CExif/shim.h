#ifndef DAYBOOK_CEXIF_SHIM_H
#define DAYBOOK_CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-tag.h>
#endif
