#include "dbk_internal.h"

#include <limits.h>
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

static uint64_t round_up(uint64_t value, uint64_t multiple) {
    return multiple == 0 ? value : (value + multiple - 1) / multiple * multiple;
}

/* What a decode at the scale already chosen holds at its peak, read from the header alone
   (libjpeg-turbo 2.1's allocations, jdcoefct.c / jdmainct.c / jdsample.c):
   - progressive or multi-scan: every coefficient of the frame, 128 bytes per 8x8 block per
     component (rounded up to whole MCUs), whatever the DCT scale, since later scans refine
     blocks that earlier ones filled; a single-scan sequential file needs one MCU;
   - the main controller's row groups (at most 3 x v_samp x DCT_scaled_size rows of each
     component) and the upsampler's rows;
   - our RGB output twice (the buffer here and the caller's copy) and the CMYK rows.
   Tables, entropy state and the structs themselves fit in the fixed 256 KB. */
static uint64_t estimate_memory(j_decompress_ptr cinfo, int whole_image, int is_cmyk) {
    uint64_t bytes = 256 * 1024;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        const jpeg_component_info *comp = &cinfo->comp_info[ci];
        uint64_t wide = round_up(comp->width_in_blocks, (uint64_t)comp->h_samp_factor);
        uint64_t tall = round_up(comp->height_in_blocks, (uint64_t)comp->v_samp_factor);
        if (whole_image) {
            bytes += wide * tall * sizeof(JBLOCK);
        }
        uint64_t row = wide * (uint64_t)comp->DCT_scaled_size;
        bytes += row * 3 * (uint64_t)comp->v_samp_factor * (uint64_t)comp->DCT_scaled_size;
    }
    uint64_t out_width = cinfo->output_width;
    bytes += (out_width + 16) * (uint64_t)cinfo->num_components * (uint64_t)cinfo->max_v_samp_factor;
    bytes += out_width * cinfo->output_height * 3 * 2;
    if (is_cmyk) {
        bytes += out_width * 4 * DBK_ROWS_PER_CALL;
    }
    return bytes;
}

static int is_cmyk_file(j_decompress_ptr cinfo) {
    return cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
}

/* After read_header: picks the scale and fills in what the decode will be and cost. */
static void plan(decode_ctx *ctx, int min_longest_side, dbk_decode_result *result) {
    j_decompress_ptr cinfo = &ctx->cinfo;
    int is_cmyk = is_cmyk_file(cinfo);
    /* libjpeg has no CMYK->RGB conversion; everything else it converts itself (and fails
       with its own message for colour spaces it can't). */
    cinfo->out_color_space = is_cmyk ? JCS_CMYK : JCS_RGB;
    /* A thumbnail is box-filtered afterwards, so the smoother upsampling and the exact
       float IDCT would cost time without a visible difference. */
    cinfo->do_fancy_upsampling = FALSE;
    cinfo->dct_method = JDCT_ISLOW;
    result->scale_num = choose_scale(cinfo, min_longest_side);
    result->out_width = (int)cinfo->output_width;
    result->out_height = (int)cinfo->output_height;
    result->progressive = cinfo->progressive_mode ? 1 : 0;
    /* jdinput.c's test for has_multiple_scans, which decides the whole-image buffer */
    result->whole_image = cinfo->progressive_mode || cinfo->comps_in_scan < cinfo->num_components;
    result->memory_estimate = estimate_memory(cinfo, result->whole_image, is_cmyk);
}

dbk_status dbk_plan_decode(const uint8_t *data, size_t size, int min_longest_side,
                           dbk_decode_result *result) {
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
    plan(ctx, min_longest_side, result);
    decode_ctx_free(ctx);
    return DBK_OK; /* no local was modified after setjmp */
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
                              int min_longest_side, uint64_t max_pixels, uint64_t max_memory,
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

    int is_cmyk = is_cmyk_file(cinfo);
    plan(ctx, min_longest_side, result);
    /* The backstop behind the caller's estimate: libjpeg sizes its virtual arrays in
       jpeg_start_decompress and, finding no room under this limit, asks for a backing store,
       which jmemnobs refuses (JERR_NO_BACKING_STORE) before the arrays are allocated. */
    if (max_memory > 0) {
        cinfo->mem->max_memory_to_use = max_memory > (uint64_t)LONG_MAX ? LONG_MAX : (long)max_memory;
    }

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
    return dbk_decode_scaled_limited(data, size, min_longest_side, max_pixels, 0, result);
}

dbk_status dbk_decode_scaled_limited(const uint8_t *data, size_t size, int min_longest_side,
                                     uint64_t max_pixels, uint64_t max_memory,
                                     dbk_decode_result *result) {
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
    return decode_body(ctx, data, size, min_longest_side, max_pixels, max_memory, result);
}
