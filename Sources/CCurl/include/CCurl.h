// libcurl, loaded on first use. The app starts on the Offline assistant and often never
// touches the network; linking libcurl would load it and ~25 libraries it needs (TLS,
// Kerberos, LDAP) into every start: 5 ms and 5 MB. Types and constants come from the
// headers; every call goes through these wrappers, which dlopen libcurl.so.4 once.
// curl_easy_setopt / curl_easy_getinfo are variadic, which Swift cannot call: the
// setopt/getinfo wrappers are typed.
#ifndef AIHELPER_CCURL_H
#define AIHELPER_CCURL_H
#include <curl/curl.h>

typedef size_t (*aih_curl_write_cb)(char *, size_t, size_t, void *);
typedef int (*aih_curl_xferinfo_cb)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

/// Loads libcurl (once, thread-safe). NULL when ready, else a message saying what is missing.
const char *aih_curl_load(void);

CURLcode aih_curl_global_init(long flags);
const char *aih_curl_version(void);
const char *aih_curl_easy_strerror(CURLcode code);
const char *aih_curl_multi_strerror(CURLMcode code);
CURL *aih_curl_easy_init(void);
void aih_curl_easy_cleanup(CURL *handle);
struct curl_slist *aih_curl_slist_append(struct curl_slist *list, const char *line);
void aih_curl_slist_free_all(struct curl_slist *list);
CURLM *aih_curl_multi_init(void);
CURLMcode aih_curl_multi_cleanup(CURLM *multi);
CURLMcode aih_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode aih_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode aih_curl_multi_perform(CURLM *multi, int *running);
CURLMcode aih_curl_multi_poll(CURLM *multi, int timeout_ms, int *numfds);
CURLMcode aih_curl_multi_wakeup(CURLM *multi);
CURLMsg *aih_curl_multi_info_read(CURLM *multi, int *queued);

CURLcode aih_curl_setopt_long(CURL *h, CURLoption o, long v);
CURLcode aih_curl_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode aih_curl_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode aih_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode aih_curl_setopt_write(CURL *h, CURLoption o, aih_curl_write_cb v);
CURLcode aih_curl_setopt_xferinfo(CURL *h, aih_curl_xferinfo_cb v);
CURLcode aih_curl_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode aih_curl_getinfo_pointer(CURL *h, CURLINFO i, void **v);
#endif
