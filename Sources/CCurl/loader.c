#include "shim.h"
#include "curl_table.h"
#include "daybook_library.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const DaybookCurl *daybook_curl_open(const char *soname, char *failure, size_t failure_size) {
    DaybookCurl *table = NULL;
    void *library = daybook_library_open(soname, sizeof *table, (void **)&table, failure, failure_size);
    if (!library) return NULL;
#define FIND(name) DAYBOOK_LIBRARY_FIND(library, soname, table, name, failure, failure_size)
    FIND(curl_global_init)
    FIND(curl_easy_init)
    FIND(curl_easy_setopt)
    FIND(curl_easy_perform)
    FIND(curl_easy_getinfo)
    FIND(curl_easy_cleanup)
    FIND(curl_easy_strerror)
    FIND(curl_slist_append)
    FIND(curl_slist_free_all)
#undef FIND
    /* Not thread-safe in older libcurl: the Swift side opens the library once. */
    CURLcode code = table->curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(failure, failure_size, "%s: %s", soname, table->curl_easy_strerror(code));
        free(table);
        return NULL;
    }
    return table;
}

typedef struct Buffer {
    char *bytes;
    size_t length;
    size_t limit;
    int overflowed;
} Buffer;

static int append(Buffer *buffer, const char *bytes, size_t length) {
    if (length > buffer->limit - buffer->length) {
        buffer->overflowed = 1;
        return 0;
    }
    char *grown = realloc(buffer->bytes, buffer->length + length + 1);
    if (!grown) return 0;
    memcpy(grown + buffer->length, bytes, length);
    buffer->bytes = grown;
    buffer->length += length;
    grown[buffer->length] = 0;
    return 1;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    return append(context, bytes, size * count) ? size * count : 0;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    Buffer *headers = context;
    /* Each response of a redirect chain starts with its status line: keep the last one's. */
    if (size * count >= 5 && memcmp(bytes, "HTTP/", 5) == 0) headers->length = 0;
    return append(headers, bytes, size * count) ? size * count : 0;
}

DaybookHTTPOutcome daybook_http_get(
    const DaybookCurl *curl, const char *url, long timeout_seconds, const char *user_agent, size_t body_limit,
    DaybookHTTPResponse *response, char *message, size_t message_size) {
    memset(response, 0, sizeof *response);
    CURL *easy = curl->curl_easy_init();
    if (!easy) {
        snprintf(message, message_size, "libcurl could not start a transfer");
        return DAYBOOK_HTTP_FAILED;
    }
    char error[CURL_ERROR_SIZE] = "";
    Buffer body = {.limit = body_limit};
    Buffer headers = {.limit = 256 * 1024};
    struct curl_slist *accept = curl->curl_slist_append(NULL, "Accept: application/json");
    curl->curl_easy_setopt(easy, CURLOPT_URL, url);
    curl->curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_HTTPHEADER, accept);
    curl->curl_easy_setopt(easy, CURLOPT_USERAGENT, user_agent);
    curl->curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    /* Signals would reach the Swift runtime's threads: resolve without SIGALRM. */
    curl->curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl->curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl->curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_MAXREDIRS, 5L);
    /* gzip and the rest, decoded before the body callback (the limit counts decoded bytes). */
    curl->curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl->curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT, timeout_seconds);
    /* As URLSession did: a stall of `timeout_seconds` fails, the whole exchange gets four. */
    curl->curl_easy_setopt(easy, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_LOW_SPEED_TIME, timeout_seconds);
    curl->curl_easy_setopt(easy, CURLOPT_TIMEOUT, timeout_seconds * 4);
    curl->curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    curl->curl_easy_setopt(easy, CURLOPT_WRITEDATA, &body);
    curl->curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    curl->curl_easy_setopt(easy, CURLOPT_HEADERDATA, &headers);

    CURLcode code = curl->curl_easy_perform(easy);
    DaybookHTTPOutcome outcome = DAYBOOK_HTTP_ANSWERED;
    if (code == CURLE_OK) {
        curl->curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &response->status);
        response->body = body.bytes;
        response->body_length = body.length;
        response->headers = headers.bytes;
        response->headers_length = headers.length;
    } else {
        if (body.overflowed) {
            outcome = DAYBOOK_HTTP_TOO_LARGE;
            snprintf(message, message_size, "the answer is larger than %zu bytes", body_limit);
        } else {
            outcome = daybook_http_outcome_of(code);
            snprintf(message, message_size, "%s", error[0] ? error : curl->curl_easy_strerror(code));
        }
        free(body.bytes);
        free(headers.bytes);
    }
    curl->curl_slist_free_all(accept);
    curl->curl_easy_cleanup(easy);
    return outcome;
}

void daybook_http_response_free(DaybookHTTPResponse *response) {
    free(response->body);
    free(response->headers);
    memset(response, 0, sizeof *response);
}
