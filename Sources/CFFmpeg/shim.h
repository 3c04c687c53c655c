#ifndef DAYBOOK_CFFMPEG_SHIM_H
#define DAYBOOK_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <errno.h>

/* AVERROR(EAGAIN) and AVERROR_EOF are function-like macros Swift does not import. */
static inline int daybook_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int daybook_averror_eof(void) { return AVERROR_EOF; }
#endif
