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
#endif
