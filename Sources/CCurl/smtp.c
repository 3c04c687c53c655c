#include "shim.h"
#include "curl_table.h"
#include <stdio.h>
#include <string.h>

typedef struct Upload {
    const char *bytes;
    size_t length;
    size_t sent;
} Upload;

static size_t on_read(char *buffer, size_t size, size_t count, void *context) {
    Upload *upload = context;
    size_t room = size * count;
    size_t left = upload->length - upload->sent;
    size_t length = left < room ? left : room;
    memcpy(buffer, upload->bytes + upload->sent, length);
    upload->sent += length;
    return length;
}

static DaybookSMTPOutcome outcome_of(CURLcode code) {
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT: return DAYBOOK_SMTP_UNREACHABLE;
    case CURLE_LOGIN_DENIED: return DAYBOOK_SMTP_LOGIN_DENIED;
    case CURLE_USE_SSL_FAILED:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE: return DAYBOOK_SMTP_TLS_FAILED;
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_UPLOAD_FAILED: return DAYBOOK_SMTP_REFUSED;
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL: return DAYBOOK_SMTP_BAD_URL;
    default: return DAYBOOK_SMTP_FAILED;
    }
}

DaybookSMTPOutcome daybook_smtp_send(
    const DaybookCurl *curl, const DaybookSMTPRequest *request, char *message, size_t message_size) {
    CURL *easy = curl->curl_easy_init();
    if (!easy) {
        snprintf(message, message_size, "libcurl could not start a transfer");
        return DAYBOOK_SMTP_FAILED;
    }
    char error[CURL_ERROR_SIZE] = "";
    struct curl_slist *recipients = NULL;
    for (size_t index = 0; index < request->recipient_count; index++) {
        struct curl_slist *grown = curl->curl_slist_append(recipients, request->recipients[index]);
        if (!grown) {
            curl->curl_slist_free_all(recipients);
            curl->curl_easy_cleanup(easy);
            snprintf(message, message_size, "out of memory for the recipients");
            return DAYBOOK_SMTP_FAILED;
        }
        recipients = grown;
    }
    Upload upload = {.bytes = request->message, .length = request->message_length};
    curl->curl_easy_setopt(easy, CURLOPT_URL, request->url);
    curl->curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    /* smtp:// upgrades with STARTTLS or fails: a password never crosses the network in clear. */
    curl->curl_easy_setopt(easy, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
    if (request->ca_file) curl->curl_easy_setopt(easy, CURLOPT_CAINFO, request->ca_file);
    if (request->username) curl->curl_easy_setopt(easy, CURLOPT_USERNAME, request->username);
    if (request->password) curl->curl_easy_setopt(easy, CURLOPT_PASSWORD, request->password);
    curl->curl_easy_setopt(easy, CURLOPT_MAIL_FROM, request->from);
    curl->curl_easy_setopt(easy, CURLOPT_MAIL_RCPT, recipients);
    curl->curl_easy_setopt(easy, CURLOPT_UPLOAD, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_READFUNCTION, on_read);
    curl->curl_easy_setopt(easy, CURLOPT_READDATA, &upload);
    curl->curl_easy_setopt(easy, CURLOPT_INFILESIZE_LARGE, (curl_off_t)request->message_length);
    curl->curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    /* Signals would reach the Swift runtime's threads: resolve without SIGALRM. */
    curl->curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT, request->timeout_seconds);
    curl->curl_easy_setopt(easy, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl->curl_easy_setopt(easy, CURLOPT_LOW_SPEED_TIME, request->timeout_seconds);
    curl->curl_easy_setopt(easy, CURLOPT_TIMEOUT, request->timeout_seconds * 4);

    CURLcode code = curl->curl_easy_perform(easy);
    DaybookSMTPOutcome outcome = DAYBOOK_SMTP_SENT;
    if (code != CURLE_OK) {
        outcome = outcome_of(code);
        long reply = 0;
        curl->curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &reply);
        /* A 5xx after the login is the server refusing the message or an address. */
        if (outcome == DAYBOOK_SMTP_FAILED && reply >= 500) outcome = DAYBOOK_SMTP_REFUSED;
        const char *text = error[0] ? error : curl->curl_easy_strerror(code);
        if (reply > 0)
            snprintf(message, message_size, "%s (server reply %ld)", text, reply);
        else
            snprintf(message, message_size, "%s", text);
    }
    curl->curl_slist_free_all(recipients);
    curl->curl_easy_cleanup(easy);
    return outcome;
}
