#ifndef DAYBOOK_CEXIF_SHIM_H
#define DAYBOOK_CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-tag.h>

/* exif_data_get_entry is a macro; Swift cannot import function-like macros. */
static inline ExifEntry *daybook_exif_get_entry(ExifData *data, ExifIfd ifd, ExifTag tag) {
    if (!data || !data->ifd[ifd]) return NULL;
    return exif_content_get_entry(data->ifd[ifd], tag);
}
#endif
