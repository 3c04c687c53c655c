#ifndef DAYBOOK_CCURL_TABLE_H
#define DAYBOOK_CCURL_TABLE_H
/* setopt and getinfo are variadic macros under GCC's type checks; the table needs the functions. */
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

/* libcurl's functions that Daybook calls, each typed as curl.h declares it. Shared by the
   loader, the HTTP GET and the SMTP send, which live in files of their own. */
#define DAYBOOK_CURL_FUNCTION(name) __typeof__(name) *name;
struct DaybookCurl {
    DAYBOOK_CURL_FUNCTION(curl_global_init)
    DAYBOOK_CURL_FUNCTION(curl_easy_init)
    DAYBOOK_CURL_FUNCTION(curl_easy_setopt)
    DAYBOOK_CURL_FUNCTION(curl_easy_perform)
    DAYBOOK_CURL_FUNCTION(curl_easy_getinfo)
    DAYBOOK_CURL_FUNCTION(curl_easy_cleanup)
    DAYBOOK_CURL_FUNCTION(curl_easy_strerror)
    DAYBOOK_CURL_FUNCTION(curl_slist_append)
    DAYBOOK_CURL_FUNCTION(curl_slist_free_all)
};

/* How an HTTP exchange (the weather's GET, a push's POST) failed, from libcurl's code. Needs
   DaybookHTTPOutcome from shim.h, included first. */
static inline DaybookHTTPOutcome daybook_http_outcome_of(CURLcode code) {
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_CONNECT: return DAYBOOK_HTTP_UNREACHABLE;
    /* A stall stopped by the low-speed limit reports this too. */
    case CURLE_OPERATION_TIMEDOUT: return DAYBOOK_HTTP_TIMED_OUT;
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL: return DAYBOOK_HTTP_BAD_URL;
    default: return DAYBOOK_HTTP_FAILED;
    }
}
#endif
