#include "dbk_internal.h"

#include <stdlib.h>
#include <string.h>

static void dbk_error_exit(j_common_ptr cinfo) {
    dbk_error_mgr *err = (dbk_error_mgr *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    /* A fatal error explains the failure better than any earlier warning, so it wins. */
    snprintf(err->message, DBK_MESSAGE_MAX, "%s", text);
    switch (cinfo->err->msg_code) {
    case JERR_OUT_OF_MEMORY:
        err->status = DBK_ERR_NOMEM;
        break;
    case JERR_NO_BACKING_STORE:
        /* jmemnobs has no backing store: libjpeg asks for one only when its virtual arrays
           would exceed max_memory_to_use, which is how our memory limit shows up. */
        err->status = DBK_ERR_MEMORY_LIMIT;
        break;
    default:
        err->status = DBK_ERR_LIBJPEG;
    }
    longjmp(err->jmp, 1);
}

static void dbk_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) {
        return; /* trace output */
    }
    dbk_error_mgr *err = (dbk_error_mgr *)cinfo->err;
    cinfo->err->num_warnings++;
    if (err->warning_count != NULL) {
        (*err->warning_count)++;
    }
    int is_eof = cinfo->err->msg_code == JWRN_JPEG_EOF;
    /* The caller reports the first warning, except that running out of data is the one that
       decides the outcome (truncated), so its text replaces whatever came before. */
    if (err->message[0] == '\0' || (is_eof && !err->saw_premature_eof)) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        snprintf(err->message, DBK_MESSAGE_MAX, "%s", text);
    }
    if (is_eof) {
        err->saw_premature_eof = 1;
    }
}

static void dbk_output_message(j_common_ptr cinfo) {
    (void)cinfo; /* a library must not write to stderr; the text reaches the caller instead */
}

struct jpeg_error_mgr *dbk_error_init(dbk_error_mgr *err, char *message, int *warning_count) {
    struct jpeg_error_mgr *pub = jpeg_std_error(&err->pub);
    pub->error_exit = dbk_error_exit;
    pub->emit_message = dbk_emit_message;
    pub->output_message = dbk_output_message;
    err->status = DBK_ERR_LIBJPEG;
    err->message = message;
    err->warning_count = warning_count;
    err->saw_premature_eof = 0;
    return pub;
}

void dbk_fail(dbk_error_mgr *err, dbk_status status, const char *text) {
    snprintf(err->message, DBK_MESSAGE_MAX, "%s", text);
    err->status = status;
    longjmp(err->jmp, 1);
}

void dbk_free(void *pointer) {
    free(pointer);
}
