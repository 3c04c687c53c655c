#include "shim.h"
#include "curl_table.h"
#include <stdio.h>
#include <string.h>

static size_t ignore_body(char *bytes, size_t size, size_t count, void *context) {
    (void)bytes;
    (void)context;
    return size * count;
}

DaybookHTTPOutcome daybook_http_post(
    const DaybookCurl *curl, const char *url, const char *const *headers, size_t header_count, const unsigned char *body,
    size_t body_length, long timeout_seconds, long *status, char *message, size_t message_size) {
    *status = 0;
    CURL *easy = curl->curl_easy_init();
    if (!easy) {
        snprintf(message, message_size, "libcurl could not start a transfer");
        return DAYBOOK_HTTP_FAILED;
    }
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) {
        struct curl_slist *grown = curl->curl_slist_append(list, headers[index]);
        if (!grown) {
            curl->curl_slist_free_all(list);
            curl->curl_easy_cleanup(easy);
            snprintf(message, message_size, "out of memory for the request's headers");
            return DAYBOOK_HTTP_FAILED;
        }
        list = grown;
    }
    char error[CURL_ERROR_SIZE] = "";
    curl->curl_easy_setopt(easy, CURLOPT_URL, url);
    curl->curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl->curl_easy_setopt(easy, CURLOPT_POST, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_POSTFIELDS, body);
    curl->curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    curl->curl_easy_setopt(easy, CURLOPT_HTTPHEADER, list);
    curl->curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    /* Signals would reach the Swift runtime's threads: resolve without SIGALRM. */
    curl->curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT, timeout_seconds);
    curl->curl_easy_setopt(easy, CURLOPT_TIMEOUT, timeout_seconds * 2);
    curl->curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, ignore_body);
    CURLcode code = curl->curl_easy_perform(easy);
    DaybookHTTPOutcome outcome = DAYBOOK_HTTP_ANSWERED;
    if (code == CURLE_OK) {
        curl->curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, status);
    } else {
        outcome = daybook_http_outcome_of(code);
        snprintf(message, message_size, "%s", error[0] ? error : curl->curl_easy_strerror(code));
    }
    curl->curl_slist_free_all(list);
    curl->curl_easy_cleanup(easy);
    return outcome;
}
