// curl_easy_setopt / curl_easy_getinfo are variadic, which Swift cannot call:
// these typed wrappers are.
#ifndef AIHELPER_CCURL_SHIM_H
#define AIHELPER_CCURL_SHIM_H
#include <curl/curl.h>

typedef size_t (*aih_curl_write_cb)(char *, size_t, size_t, void *);
typedef int (*aih_curl_xferinfo_cb)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode aih_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode aih_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode aih_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode aih_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode aih_curl_setopt_write(CURL *h, CURLoption o, aih_curl_write_cb v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode aih_curl_setopt_xferinfo(CURL *h, aih_curl_xferinfo_cb v) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, v); }
static inline CURLcode aih_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode aih_curl_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
#endif
