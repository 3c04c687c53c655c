#ifndef DAYBOOK_CCURL_SHIM_H
#define DAYBOOK_CCURL_SHIM_H
#include <stddef.h>

/* libcurl for the weather archive's HTTP(S) requests, opened on the first request (loader.c)
   instead of linked: linked (through FoundationNetworking), it and the thirty-odd TLS,
   Kerberos and LDAP libraries it depends on cost every daybook command about 10 ms of
   start-up, and only a weather backfill ever uses them. */
typedef struct DaybookCurl DaybookCurl;

/* Opens `soname` and finds the functions used. NULL when the library is missing or lacks a
   function, with the reason in `failure`. The table lives as long as the process. */
const DaybookCurl *_Nullable daybook_curl_open(const char *_Nonnull soname, char *_Nonnull failure, size_t failure_size);

typedef enum DaybookHTTPOutcome {
    DAYBOOK_HTTP_ANSWERED,
    /* No way to the host: its name did not resolve, or the connection failed. */
    DAYBOOK_HTTP_UNREACHABLE,
    DAYBOOK_HTTP_TIMED_OUT,
    DAYBOOK_HTTP_BAD_URL,
    /* The body passed `body_limit` bytes: the transfer was stopped. */
    DAYBOOK_HTTP_TOO_LARGE,
    DAYBOOK_HTTP_FAILED,
} DaybookHTTPOutcome;

/* An answer, any status. `headers` holds the final response's header lines as received
   ("Name: value\r\n"...), redirects' headers dropped. Both buffers are malloc'ed. */
typedef struct DaybookHTTPResponse {
    long status;
    char *_Nullable body;
    size_t body_length;
    char *_Nullable headers;
    size_t headers_length;
} DaybookHTTPResponse;

/* A blocking GET of an http or https URL, following up to 5 redirects. `timeout_seconds`
   bounds the connection and any stall; the whole exchange gets four times that. On any
   outcome but ANSWERED, `message` says why and `response` holds nothing to free. */
DaybookHTTPOutcome daybook_http_get(
    const DaybookCurl *_Nonnull curl, const char *_Nonnull url, long timeout_seconds, const char *_Nonnull user_agent,
    size_t body_limit, DaybookHTTPResponse *_Nonnull response, char *_Nonnull message, size_t message_size);

void daybook_http_response_free(DaybookHTTPResponse *_Nonnull response);
#endif
