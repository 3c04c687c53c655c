#include "dbk_internal.h"

#include <stdlib.h>
#include <string.h>

#define DBK_ROWS_PER_CALL 16

/* Our own growable malloc destination instead of jpeg_mem_dest: jpeg_mem_dest only publishes
   its buffer in term_destination, so after a longjmp mid-write its latest buffer can't be
   reached and would leak. Here the buffer always sits in the context. */
typedef struct {
    struct jpeg_destination_mgr pub;
    uint8_t *buffer;
    size_t capacity;
    size_t size;
} growing_dest;

typedef struct {
    struct jpeg_compress_struct cinfo;
    dbk_error_mgr err;
    growing_dest dest;
    JSAMPROW rows[DBK_ROWS_PER_CALL];
} encode_ctx;

static void dest_init(j_compress_ptr cinfo) {
    growing_dest *dest = (growing_dest *)cinfo->dest;
    /* A thumbnail at quality 82 is roughly 1 bit per pixel; start near that. */
    size_t guess = (size_t)cinfo->image_width * cinfo->image_height / 8 + 4096;
    dest->buffer = malloc(guess);
    if (dest->buffer == NULL) {
        ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    }
    dest->capacity = guess;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = guess;
}

/* libjpeg calls this only when the whole buffer is full. */
static boolean dest_grow(j_compress_ptr cinfo) {
    growing_dest *dest = (growing_dest *)cinfo->dest;
    size_t used = dest->capacity;
    uint8_t *bigger = realloc(dest->buffer, used * 2);
    if (bigger == NULL) {
        ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11); /* dest->buffer is still ours to free */
    }
    dest->buffer = bigger;
    dest->capacity = used * 2;
    dest->pub.next_output_byte = bigger + used;
    dest->pub.free_in_buffer = used;
    return TRUE;
}

static void dest_term(j_compress_ptr cinfo) {
    growing_dest *dest = (growing_dest *)cinfo->dest;
    dest->size = dest->capacity - dest->pub.free_in_buffer;
}

static void encode_ctx_free(encode_ctx *ctx) {
    jpeg_destroy_compress(&ctx->cinfo);
    free(ctx->dest.buffer);
    free(ctx);
}

/* Runs inside the caller's setjmp, so its locals can't be left indeterminate by a longjmp.
   Frees ctx on every path that returns normally. */
static dbk_status encode_body(encode_ctx *ctx, const uint8_t *samples, int width, int height,
                              int components, J_COLOR_SPACE color_space, int quality,
                              uint8_t **out, size_t *out_size) {
    j_compress_ptr cinfo = &ctx->cinfo;
    jpeg_create_compress(cinfo);
    ctx->dest.pub.init_destination = dest_init;
    ctx->dest.pub.empty_output_buffer = dest_grow;
    ctx->dest.pub.term_destination = dest_term;
    cinfo->dest = &ctx->dest.pub;

    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = components;
    cinfo->in_color_space = color_space;
    jpeg_set_defaults(cinfo); /* RGB becomes YCbCr 4:2:0 */
    jpeg_set_quality(cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    cinfo->optimize_coding = FALSE; /* would cost a second pass over the data for slightly smaller files */
    cinfo->dct_method = JDCT_ISLOW;

    jpeg_start_compress(cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo->next_scanline < cinfo->image_height) {
        JDIMENSION first = cinfo->next_scanline;
        JDIMENSION count = cinfo->image_height - first;
        if (count > DBK_ROWS_PER_CALL) {
            count = DBK_ROWS_PER_CALL;
        }
        for (JDIMENSION i = 0; i < count; i++) {
            /* libjpeg's row type isn't const, but compression only reads the rows. */
            ctx->rows[i] = (JSAMPROW)(samples + (size_t)(first + i) * stride);
        }
        jpeg_write_scanlines(cinfo, ctx->rows, count);
    }
    jpeg_finish_compress(cinfo);

    *out = ctx->dest.buffer;
    *out_size = ctx->dest.size;
    ctx->dest.buffer = NULL;
    encode_ctx_free(ctx);
    return DBK_OK;
}

static dbk_status encode_samples(const uint8_t *samples, int width, int height, int components,
                                 J_COLOR_SPACE color_space, int quality, uint8_t **out,
                                 size_t *out_size, char message[DBK_MESSAGE_MAX]) {
    message[0] = '\0';
    *out = NULL;
    *out_size = 0;
    if (samples == NULL || width <= 0 || height <= 0) {
        snprintf(message, DBK_MESSAGE_MAX, "invalid image: %dx%d", width, height);
        return DBK_ERR_LIBJPEG;
    }
    encode_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) {
        snprintf(message, DBK_MESSAGE_MAX, "out of memory");
        return DBK_ERR_NOMEM;
    }
    ctx->cinfo.err = dbk_error_init(&ctx->err, message, NULL);
    if (setjmp(ctx->err.jmp)) {
        dbk_status status = ctx->err.status;
        encode_ctx_free(ctx);
        return status;
    }
    return encode_body(ctx, samples, width, height, components, color_space, quality, out,
                       out_size);
}

dbk_status dbk_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                          uint8_t **out, size_t *out_size, char message[DBK_MESSAGE_MAX]) {
    return encode_samples(rgb, width, height, 3, JCS_RGB, quality, out, out_size, message);
}
