#ifndef DAYBOOK_CJPEG_H
#define DAYBOOK_CJPEG_H
/*
 * Thin C layer over libjpeg(-turbo). Every function that calls libjpeg installs a
 * setjmp-based error manager first, so a corrupt file ends in a return code here and never
 * in libjpeg's default exit() — and a longjmp never crosses a Swift frame.
 * State that lives across setjmp is kept in heap structs, not in locals.
 */
#include <stddef.h>
#include <stdint.h>

#define DBK_MESSAGE_MAX 200

typedef enum {
    DBK_OK = 0,
    DBK_ERR_LIBJPEG = 1,     /* fatal libjpeg error; message holds libjpeg's text */
    DBK_ERR_TOO_LARGE = 2,   /* frame width*height above max_pixels; nothing was allocated */
    DBK_ERR_TRUNCATED = 3,   /* scan ended early (JWRN_JPEG_EOF); pixels would be grey-filled */
    DBK_ERR_NOMEM = 4,
    DBK_ERR_MEMORY_LIMIT = 5, /* libjpeg's arrays would not fit in max_memory (backstop) */
} dbk_status;

typedef struct {
    /* frame size from SOF, set as soon as the header is read (0 if never read) */
    int frame_width;
    int frame_height;
    int components;
    /* decoded (DCT-scaled) output */
    int scale_num;          /* output is scale_num/8 of the frame */
    int out_width;
    int out_height;
    uint8_t *pixels;        /* RGB, 3 bytes per pixel, row-major; free with dbk_free */
    int warning_count;      /* libjpeg warnings (corrupt data that it recovered from) */
    /* set by dbk_plan_decode (and by dbk_decode_scaled once the header is read) */
    int progressive;        /* progressive mode (SOF2) */
    int whole_image;        /* libjpeg keeps every coefficient: progressive or multi-scan */
    uint64_t memory_estimate; /* bytes the decode will hold at its peak, pixels included */
    char message[DBK_MESSAGE_MAX]; /* first error or warning text, "" if none */
} dbk_decode_result;

/*
 * Decode `data` at the smallest DCT scale M/8 (M = 1…8) whose longest output side is at
 * least `min_longest_side` (8/8 when even full size is smaller; no upscaling).
 * Refuses frames with width*height > max_pixels right after jpeg_read_header.
 */
dbk_status dbk_decode_scaled(const uint8_t *data, size_t size, int min_longest_side,
                             uint64_t max_pixels, dbk_decode_result *result);

/*
 * dbk_decode_scaled with `max_memory` (0: no limit) as libjpeg's max_memory_to_use: when its
 * whole-image arrays would not fit, the decode fails with DBK_ERR_MEMORY_LIMIT before they
 * are allocated.
 */
dbk_status dbk_decode_scaled_limited(const uint8_t *data, size_t size, int min_longest_side,
                                     uint64_t max_pixels, uint64_t max_memory,
                                     dbk_decode_result *result);

/*
 * Read only the header and say what dbk_decode_scaled would do with it: frame, scale, output
 * size, progressive / whole_image and memory_estimate. Nothing sized by the frame is allocated.
 */
dbk_status dbk_plan_decode(const uint8_t *data, size_t size, int min_longest_side,
                           dbk_decode_result *result);

/* Read only the header: frame size and components. */
dbk_status dbk_read_header(const uint8_t *data, size_t size, dbk_decode_result *result);

/* Encode RGB pixels as baseline JPEG. *out is malloc'd; free with dbk_free. */
dbk_status dbk_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                          uint8_t **out, size_t *out_size, char message[DBK_MESSAGE_MAX]);

void dbk_free(void *pointer);

#endif
