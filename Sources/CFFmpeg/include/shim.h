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

/* FFmpeg's functions that Daybook calls, each typed as FFmpeg's headers declare it. The
   libraries are opened on the first video (loader.c), not linked: linked, they and the
   hundred-odd libraries they depend on cost every daybook command about 30 ms of start-up. */
#define DAYBOOK_FFMPEG_FUNCTION(name) __typeof__(name) *_Nonnull name;
typedef struct DaybookFFmpeg {
    DAYBOOK_FFMPEG_FUNCTION(av_dict_get)
    DAYBOOK_FFMPEG_FUNCTION(av_display_rotation_get)
    DAYBOOK_FFMPEG_FUNCTION(av_find_best_stream)
    DAYBOOK_FFMPEG_FUNCTION(av_find_input_format)
    DAYBOOK_FFMPEG_FUNCTION(av_frame_alloc)
    DAYBOOK_FFMPEG_FUNCTION(av_frame_free)
    DAYBOOK_FFMPEG_FUNCTION(av_frame_unref)
    DAYBOOK_FFMPEG_FUNCTION(av_free)
    DAYBOOK_FFMPEG_FUNCTION(av_freep)
    DAYBOOK_FFMPEG_FUNCTION(av_log_set_level)
    DAYBOOK_FFMPEG_FUNCTION(av_malloc)
    DAYBOOK_FFMPEG_FUNCTION(av_packet_alloc)
    DAYBOOK_FFMPEG_FUNCTION(av_packet_free)
    DAYBOOK_FFMPEG_FUNCTION(av_packet_unref)
    DAYBOOK_FFMPEG_FUNCTION(av_read_frame)
    DAYBOOK_FFMPEG_FUNCTION(av_seek_frame)
    DAYBOOK_FFMPEG_FUNCTION(av_stream_get_side_data)
    DAYBOOK_FFMPEG_FUNCTION(av_strerror)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_alloc_context3)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_find_decoder)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_flush_buffers)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_free_context)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_get_name)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_open2)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_parameters_to_context)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_receive_frame)
    DAYBOOK_FFMPEG_FUNCTION(avcodec_send_packet)
    DAYBOOK_FFMPEG_FUNCTION(avformat_alloc_context)
    DAYBOOK_FFMPEG_FUNCTION(avformat_close_input)
    DAYBOOK_FFMPEG_FUNCTION(avformat_open_input)
    DAYBOOK_FFMPEG_FUNCTION(avio_alloc_context)
    DAYBOOK_FFMPEG_FUNCTION(avio_context_free)
    DAYBOOK_FFMPEG_FUNCTION(sws_freeContext)
    DAYBOOK_FFMPEG_FUNCTION(sws_getCoefficients)
    DAYBOOK_FFMPEG_FUNCTION(sws_getContext)
    DAYBOOK_FFMPEG_FUNCTION(sws_scale)
    DAYBOOK_FFMPEG_FUNCTION(sws_setColorspaceDetails)
} DaybookFFmpeg;
#undef DAYBOOK_FFMPEG_FUNCTION

/* The table, loading the libraries on the first call (thread-safe, once). NULL when a
   library or a function is missing; `*reason` then names it. */
const DaybookFFmpeg *_Nullable daybook_ffmpeg_load(const char *_Nullable *_Nonnull reason);
#endif
