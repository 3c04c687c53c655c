#ifndef DAYBOOK_CHEIF_SHIM_H
#define DAYBOOK_CHEIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <libheif/heif.h>
/* mallopt, for HEIFFile's large decode buffers; Swift's Glibc module leaves malloc.h out. */
#include <malloc.h>

/* libheif's functions that DaybookImaging calls, each typed as libheif's header declares it.
   The library is opened on the first HEIF file (loader.c), not linked: linked, it and its
   codecs (x265, libde265, dav1d, aom) cost every daybook command about 3 ms of start-up. */
#define DAYBOOK_HEIF_FUNCTION(name) __typeof__(name) *_Nonnull name;
typedef struct DaybookHeif {
    DAYBOOK_HEIF_FUNCTION(heif_context_alloc)
    DAYBOOK_HEIF_FUNCTION(heif_context_free)
    DAYBOOK_HEIF_FUNCTION(heif_context_get_primary_image_handle)
    DAYBOOK_HEIF_FUNCTION(heif_context_read_from_memory_without_copy)
    DAYBOOK_HEIF_FUNCTION(heif_context_set_max_decoding_threads)
    DAYBOOK_HEIF_FUNCTION(heif_decode_image)
    DAYBOOK_HEIF_FUNCTION(heif_decoding_options_alloc)
    DAYBOOK_HEIF_FUNCTION(heif_decoding_options_free)
    DAYBOOK_HEIF_FUNCTION(heif_image_get_decoding_warnings)
    DAYBOOK_HEIF_FUNCTION(heif_image_get_height)
    DAYBOOK_HEIF_FUNCTION(heif_image_get_plane_readonly)
    DAYBOOK_HEIF_FUNCTION(heif_image_get_width)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_height)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_list_of_metadata_block_IDs)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_list_of_thumbnail_IDs)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_metadata)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_metadata_content_type)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_metadata_size)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_number_of_metadata_blocks)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_number_of_thumbnails)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_thumbnail)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_get_width)
    DAYBOOK_HEIF_FUNCTION(heif_image_handle_release)
    DAYBOOK_HEIF_FUNCTION(heif_image_release)
    DAYBOOK_HEIF_FUNCTION(heif_init)
} DaybookHeif;
#undef DAYBOOK_HEIF_FUNCTION

/* Opens `soname`, finds the functions and runs heif_init. NULL when the library is missing
   or lacks a function, with the reason in `failure`. The table lives as long as the process. */
const DaybookHeif *_Nullable daybook_heif_open(const char *_Nonnull soname, char *_Nonnull failure, size_t failure_size);
#endif
