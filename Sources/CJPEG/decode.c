#include "dbk_internal.h"

#include <stdlib.h>
#include <string.h>

/* More rows per jpeg_read_scanlines call means fewer trips through libjpeg's dispatch. */
#define DBK_ROWS_PER_CALL 16

/* A progressive file can declare thousands of tiny scans and make libjpeg spin for minutes
   on a few kilobytes (the libjpeg-turbo advisory behind djpeg -maxscans). Real cameras and
   encoders use about ten. */
#define DBK_MAX_SCANS 1000

/* Everything that changes after setjmp lives here, on the heap: after a longjmp, locals
   modified since setjmp are indeterminate, heap memory is not. */
typedef struct {
    struct jpeg_decompress_struct cinfo;
    dbk_error_mgr err;
    struct jpeg_progress_mgr progress;
    uint8_t *pixels;
    uint8_t *cmyk;                      /* CMYK rows waiting for conversion to RGB */
    JSAMPROW rows[DBK_ROWS_PER_CALL];
} decode_ctx;

static void limit_scans(j_common_ptr cinfo) {
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > DBK_MAX_SCANS) {
        char text[DBK_MESSAGE_MAX];
        snprintf(text, sizeof text, "too many progressive scans (more than %d)", DBK_MAX_SCANS);
        dbk_fail((dbk_error_mgr *)cinfo->err, DBK_ERR_LIBJPEG, text);
    }
}

static decode_ctx *decode_ctx_new(dbk_decode_result *result) {
    memset(result, 0, sizeof *result);
    decode_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) {
        snprintf(result->message, DBK_MESSAGE_MAX, "out of memory");
        return NULL;
    }
    ctx->cinfo.err = dbk_error_init(&ctx->err, result->message, &result->warning_count);
    ctx->progress.progress_monitor = limit_scans;
    return ctx;
}

/* Safe at any point: jpeg_destroy copes with a struct that creation never reached
   (calloc left cinfo.mem NULL). */
static void decode_ctx_free(decode_ctx *ctx) {
    jpeg_destroy_decompress(&ctx->cinfo);
    free(ctx->pixels);
    free(ctx->cmyk);
    free(ctx);
}

/* Creates the decompressor on `data` and reads up to the first SOS. Call after setjmp. */
static void read_header(decode_ctx *ctx, const uint8_t *data, size_t size,
                        dbk_decode_result *result) {
    jpeg_create_decompress(&ctx->cinfo);
    ctx->cinfo.progress = &ctx->progress;
    /* jpeg_mem_src itself raises "Empty input file" for size 0. */
    jpeg_mem_src(&ctx->cinfo, data, (unsigned long)size);
    jpeg_read_header(&ctx->cinfo, TRUE);
    result->frame_width = (int)ctx->cinfo.image_width;
    result->frame_height = (int)ctx->cinfo.image_height;
    result->components = ctx->cinfo.num_components;
}

dbk_status dbk_read_header(const uint8_t *data, size_t size, dbk_decode_result *result) {
    decode_ctx *ctx = decode_ctx_new(result);
    if (ctx == NULL) {
        return DBK_ERR_NOMEM;
    }
    if (setjmp(ctx->err.jmp)) {
        dbk_status status = ctx->err.status;
        decode_ctx_free(ctx);
        return status;
    }
    read_header(ctx, data, size, result);
    decode_ctx_free(ctx);
    return DBK_OK; /* no local was modified after setjmp */
}

static int choose_scale(j_decompress_ptr cinfo, int min_longest_side) {
    cinfo->scale_denom = 8;
    for (int num = 1; num <= 8; num++) {
        cinfo->scale_num = (unsigned int)num;
        jpeg_calc_output_dimensions(cinfo);
        JDIMENSION longest = cinfo->output_width > cinfo->output_height ? cinfo->output_width
                                                                        : cinfo->output_height;
        if ((long long)longest >= (long long)min_longest_side) {
            return num;
        }
    }
    return 8; /* already calculated for 8/8 by the last iteration */
}

/* Photoshop writes Adobe CMYK inverted (0 = full ink), and libjpeg hands it back as stored. */
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t pixel_count, int inverted) {
    for (size_t i = 0; i < pixel_count; i++) {
        unsigned c = cmyk[4 * i], m = cmyk[4 * i + 1], y = cmyk[4 * i + 2], k = cmyk[4 * i + 3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        rgb[3 * i] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * i + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * i + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

/* Runs inside dbk_decode_scaled's setjmp: its locals vanish on a longjmp, so none of them
   can be left indeterminate. Frees ctx on every path that returns normally. */
static dbk_status decode_body(decode_ctx *ctx, const uint8_t *data, size_t size,
                              int min_longest_side, uint64_t max_pixels,
                              dbk_decode_result *result) {
    read_header(ctx, data, size, result);
    j_decompress_ptr cinfo = &ctx->cinfo;

    /* The frame size is attacker-controlled (up to 65500x65500); refuse before libjpeg
       allocates anything sized by it. */
    if ((uint64_t)result->frame_width * (uint64_t)result->frame_height > max_pixels) {
        snprintf(result->message, DBK_MESSAGE_MAX, "image too large: %dx%d",
                 result->frame_width, result->frame_height);
        decode_ctx_free(ctx);
        return DBK_ERR_TOO_LARGE;
    }

    int is_cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    /* libjpeg has no CMYK->RGB conversion; everything else it converts itself (and fails
       with its own message for colour spaces it can't). */
    cinfo->out_color_space = is_cmyk ? JCS_CMYK : JCS_RGB;
    /* A thumbnail is box-filtered afterwards, so the smoother upsampling and the exact
       float IDCT would cost time without a visible difference. */
    cinfo->do_fancy_upsampling = FALSE;
    cinfo->dct_method = JDCT_ISLOW;
    result->scale_num = choose_scale(cinfo, min_longest_side);

    jpeg_start_decompress(cinfo);
    result->out_width = (int)cinfo->output_width;
    result->out_height = (int)cinfo->output_height;

    size_t stride = (size_t)cinfo->output_width * 3;
    ctx->pixels = malloc(stride * cinfo->output_height);
    if (is_cmyk) {
        ctx->cmyk = malloc((size_t)cinfo->output_width * 4 * DBK_ROWS_PER_CALL);
    }
    if (ctx->pixels == NULL || (is_cmyk && ctx->cmyk == NULL)) {
        dbk_fail(&ctx->err, DBK_ERR_NOMEM, "out of memory");
    }

    /* A progressive file is read whole inside jpeg_start_decompress, so the premature end
       may already be known here; for a sequential one it shows up while reading rows. */
    while (!ctx->err.saw_premature_eof && cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION want = cinfo->output_height - first;
        if (want > DBK_ROWS_PER_CALL) {
            want = DBK_ROWS_PER_CALL;
        }
        for (JDIMENSION i = 0; i < want; i++) {
            ctx->rows[i] = is_cmyk ? ctx->cmyk + (size_t)i * cinfo->output_width * 4
                                   : ctx->pixels + (size_t)(first + i) * stride;
        }
        JDIMENSION got = jpeg_read_scanlines(cinfo, ctx->rows, want);
        if (got == 0) {
            /* Only a suspending data source returns 0; memory sources never suspend. */
            dbk_fail(&ctx->err, DBK_ERR_LIBJPEG, "decoder made no progress");
        }
        if (is_cmyk) {
            cmyk_to_rgb(ctx->cmyk, ctx->pixels + (size_t)first * stride,
                        (size_t)got * cinfo->output_width, cinfo->saw_Adobe_marker);
        }
    }
    if (!ctx->err.saw_premature_eof) {
        jpeg_finish_decompress(cinfo); /* reads to EOI, which may still find missing data */
    }
    if (ctx->err.saw_premature_eof) {
        /* libjpeg would fill the missing rows with grey; that must never become a thumbnail. */
        decode_ctx_free(ctx);
        result->pixels = NULL;
        return DBK_ERR_TRUNCATED;
    }

    result->pixels = ctx->pixels;
    ctx->pixels = NULL;
    decode_ctx_free(ctx);
    return DBK_OK;
}

dbk_status dbk_decode_scaled(const uint8_t *data, size_t size, int min_longest_side,
                             uint64_t max_pixels, dbk_decode_result *result) {
    decode_ctx *ctx = decode_ctx_new(result);
    if (ctx == NULL) {
        return DBK_ERR_NOMEM;
    }
    if (setjmp(ctx->err.jmp)) {
        dbk_status status = ctx->err.status;
        decode_ctx_free(ctx);
        result->pixels = NULL;
        return status;
    }
    return decode_body(ctx, data, size, min_longest_side, max_pixels, result);
}
