#ifndef DAYBOOK_CJPEG_INTERNAL_H
#define DAYBOOK_CJPEG_INTERNAL_H
/* Shared by decode.c and encode.c; not part of the module's public header. */

/* jpeglib.h uses size_t and FILE without including their headers itself. */
#include <stddef.h>
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

#include "cjpeg.h"

typedef struct {
    struct jpeg_error_mgr pub;  /* first, so libjpeg's err pointer can be cast back */
    jmp_buf jmp;
    dbk_status status;          /* what the setjmp branch returns */
    char *message;              /* DBK_MESSAGE_MAX bytes owned by the caller */
    int *warning_count;         /* NULL when the caller doesn't count warnings */
    int saw_premature_eof;      /* JWRN_JPEG_EOF seen: the rest of the image is grey fill */
} dbk_error_mgr;

/* Installs the longjmp-based handlers; messages go to `message`, never to stderr. */
struct jpeg_error_mgr *dbk_error_init(dbk_error_mgr *err, char *message, int *warning_count);

/* Leaves through the same setjmp as a libjpeg error, for checks of our own. */
void dbk_fail(dbk_error_mgr *err, dbk_status status, const char *text);

#endif
