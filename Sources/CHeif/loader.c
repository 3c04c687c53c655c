#include "shim.h"
#include "daybook_library.h"
#include <stdio.h>
#include <stdlib.h>

const DaybookHeif *daybook_heif_open(const char *soname, char *failure, size_t failure_size) {
    DaybookHeif *table = NULL;
    void *library = daybook_library_open(soname, sizeof *table, (void **)&table, failure, failure_size);
    if (!library) return NULL;
#define FIND(name) DAYBOOK_LIBRARY_FIND(library, soname, table, name, failure, failure_size)
    FIND(heif_context_alloc)
    FIND(heif_context_free)
    FIND(heif_context_get_primary_image_handle)
    FIND(heif_context_read_from_memory_without_copy)
    FIND(heif_context_set_max_decoding_threads)
    FIND(heif_decode_image)
    FIND(heif_decoding_options_alloc)
    FIND(heif_decoding_options_free)
    FIND(heif_image_get_decoding_warnings)
    FIND(heif_image_get_height)
    FIND(heif_image_get_plane_readonly)
    FIND(heif_image_get_width)
    FIND(heif_image_handle_get_height)
    FIND(heif_image_handle_get_list_of_metadata_block_IDs)
    FIND(heif_image_handle_get_list_of_thumbnail_IDs)
    FIND(heif_image_handle_get_metadata)
    FIND(heif_image_handle_get_metadata_content_type)
    FIND(heif_image_handle_get_metadata_size)
    FIND(heif_image_handle_get_number_of_metadata_blocks)
    FIND(heif_image_handle_get_number_of_thumbnails)
    FIND(heif_image_handle_get_thumbnail)
    FIND(heif_image_handle_get_width)
    FIND(heif_image_handle_release)
    FIND(heif_image_release)
    FIND(heif_init)
#undef FIND
    /* Loads libheif's codec plugins; it counts its calls, and Daybook never needs to undo it. */
    struct heif_error error = table->heif_init(NULL);
    if (error.code != heif_error_Ok) {
        snprintf(failure, failure_size, "%s: %s", soname, error.message ? error.message : "heif_init failed");
        free(table);
        return NULL;
    }
    return table;
}
