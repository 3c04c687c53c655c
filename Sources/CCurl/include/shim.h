#ifndef DAYBOOK_CCURL_SHIM_H
#define DAYBOOK_CCURL_SHIM_H
#include <stddef.h>

/* libcurl for the weather archive's HTTP(S) requests and the reminder's e-mail (SMTP),
   opened on the first request (loader.c) instead of linked: linked (through
   FoundationNetworking), it and the thirty-odd TLS, Kerberos and LDAP libraries it depends on
   cost every daybook command start-up time, and only a weather backfill or a reminder uses
   them. */
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

typedef enum DaybookSMTPOutcome {
    DAYBOOK_SMTP_SENT,
    /* No way to the server: its name did not resolve, or the connection failed or timed out. */
    DAYBOOK_SMTP_UNREACHABLE,
    /* The server refused the user name and password. */
    DAYBOOK_SMTP_LOGIN_DENIED,
    /* TLS could not be set up: no STARTTLS offered, or a certificate that is not trusted. */
    DAYBOOK_SMTP_TLS_FAILED,
    /* The server refused the sender, a recipient or the message. */
    DAYBOOK_SMTP_REFUSED,
    DAYBOOK_SMTP_BAD_URL,
    DAYBOOK_SMTP_FAILED,
} DaybookSMTPOutcome;

/* One message to send: `url` is smtp://HOST:PORT (STARTTLS required) or smtps://HOST:PORT
   (TLS from the start); `from` and each recipient are bare addresses; `message` is the whole
   RFC 5322 message with CRLF line ends (libcurl adds the dot-stuffing). `username`,
   `password` and `ca_file` may be NULL. */
typedef struct DaybookSMTPRequest {
    const char *_Nonnull url;
    const char *_Nonnull from;
    const char *_Nonnull const *_Nonnull recipients;
    size_t recipient_count;
    const char *_Nullable username;
    const char *_Nullable password;
    /* PEM certificates to trust instead of the system's, for a server with its own authority. */
    const char *_Nullable ca_file;
    const char *_Nonnull message;
    size_t message_length;
    long timeout_seconds;
} DaybookSMTPRequest;

/* A blocking SMTP submission. On any outcome but SENT, `message` says why in libcurl's words
   (the server's reply line when it gave one). */
DaybookSMTPOutcome daybook_smtp_send(
    const DaybookCurl *_Nonnull curl, const DaybookSMTPRequest *_Nonnull request, char *_Nonnull message, size_t message_size);

/* A blocking POST of `body` to an http or https URL with the given header lines ("Name: value"),
   no redirect followed (a push service answers where it is). On ANSWERED, `status` is the
   HTTP status; otherwise `message` says why. The answer's body is not kept. */
DaybookHTTPOutcome daybook_http_post(
    const DaybookCurl *_Nonnull curl, const char *_Nonnull url, const char *_Nonnull const *_Nonnull headers,
    size_t header_count, const unsigned char *_Nonnull body, size_t body_length, long timeout_seconds, long *_Nonnull status,
    char *_Nonnull message, size_t message_size);
#endif
