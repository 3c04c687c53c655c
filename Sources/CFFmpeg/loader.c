#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <libavutil/macros.h>

/* The sonames of the major versions Daybook was compiled against: another major version has
   another ABI, so it is never opened in their place. */
#define SONAME(lib, major) "lib" #lib ".so." AV_STRINGIFY(major)

static DaybookFFmpeg table;
static int loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle && !failure[0]) snprintf(failure, sizeof failure, "%s", dlerror());
    return handle;
}

static void load(void) {
    void *avutil = open_library(SONAME(avutil, LIBAVUTIL_VERSION_MAJOR));
    void *swscale = open_library(SONAME(swscale, LIBSWSCALE_VERSION_MAJOR));
    void *avcodec = open_library(SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR));
    void *avformat = open_library(SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR));
    if (!avutil || !swscale || !avcodec || !avformat) return;
#define FIND(library, name)                                                                    \
    if (!(table.name = (__typeof__(table.name))dlsym(library, #name))) {                      \
        snprintf(failure, sizeof failure, "%s has no function %s", #library, #name);           \
        return;                                                                                \
    }
    FIND(avutil, av_dict_get)
    FIND(avutil, av_display_rotation_get)
    FIND(avformat, av_find_best_stream)
    FIND(avformat, av_find_input_format)
    FIND(avutil, av_frame_alloc)
    FIND(avutil, av_frame_free)
    FIND(avutil, av_frame_unref)
    FIND(avutil, av_free)
    FIND(avutil, av_freep)
    FIND(avutil, av_log_set_level)
    FIND(avutil, av_malloc)
    FIND(avcodec, av_packet_alloc)
    FIND(avcodec, av_packet_free)
    FIND(avcodec, av_packet_unref)
    FIND(avformat, av_read_frame)
    FIND(avformat, av_seek_frame)
    FIND(avformat, av_stream_get_side_data)
    FIND(avutil, av_strerror)
    FIND(avcodec, avcodec_alloc_context3)
    FIND(avcodec, avcodec_find_decoder)
    FIND(avcodec, avcodec_flush_buffers)
    FIND(avcodec, avcodec_free_context)
    FIND(avcodec, avcodec_get_name)
    FIND(avcodec, avcodec_open2)
    FIND(avcodec, avcodec_parameters_to_context)
    FIND(avcodec, avcodec_receive_frame)
    FIND(avcodec, avcodec_send_packet)
    FIND(avformat, avformat_alloc_context)
    FIND(avformat, avformat_close_input)
    FIND(avformat, avformat_open_input)
    FIND(avformat, avio_alloc_context)
    FIND(avformat, avio_context_free)
    FIND(swscale, sws_freeContext)
    FIND(swscale, sws_getCoefficients)
    FIND(swscale, sws_getContext)
    FIND(swscale, sws_scale)
    FIND(swscale, sws_setColorspaceDetails)
#undef FIND
    loaded = 1;
}

const DaybookFFmpeg *daybook_ffmpeg_load(const char **reason) {
    pthread_once(&once, load);
    if (loaded) return &table;
    *reason = failure;
    return NULL;
}
