// See CCurl.h: libcurl resolved with dlopen on first use.
#include "CCurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every libcurl function the wrappers call: name, return type, parameter list.
#define AIH_CURL_FUNCTIONS(X) \
    X(curl_global_init, CURLcode, (long)) \
    X(curl_version, char *, (void)) \
    X(curl_easy_strerror, const char *, (CURLcode)) \
    X(curl_multi_strerror, const char *, (CURLMcode)) \
    X(curl_easy_init, CURL *, (void)) \
    X(curl_easy_cleanup, void, (CURL *)) \
    X(curl_easy_setopt, CURLcode, (CURL *, CURLoption, ...)) \
    X(curl_easy_getinfo, CURLcode, (CURL *, CURLINFO, ...)) \
    X(curl_slist_append, struct curl_slist *, (struct curl_slist *, const char *)) \
    X(curl_slist_free_all, void, (struct curl_slist *)) \
    X(curl_multi_init, CURLM *, (void)) \
    X(curl_multi_cleanup, CURLMcode, (CURLM *)) \
    X(curl_multi_add_handle, CURLMcode, (CURLM *, CURL *)) \
    X(curl_multi_remove_handle, CURLMcode, (CURLM *, CURL *)) \
    X(curl_multi_perform, CURLMcode, (CURLM *, int *)) \
    X(curl_multi_poll, CURLMcode, (CURLM *, struct curl_waitfd *, unsigned int, int, int *)) \
    X(curl_multi_wakeup, CURLMcode, (CURLM *)) \
    X(curl_multi_info_read, CURLMsg *, (CURLM *, int *))

#define AIH_DECLARE(name, ret, params) static ret (*p_##name) params;
AIH_CURL_FUNCTIONS(AIH_DECLARE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;
static void *library;

static void load(void) {
    // AIHELPER_LIBCURL names another library file (unusual systems, and the tests of a missing one).
    const char *chosen = getenv("AIHELPER_LIBCURL");
    const char *names[] = {"libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"};
    void *lib = NULL;
    if (chosen && *chosen) lib = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    else for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error,
                 "libcurl is not installed (%s). Install it: sudo apt-get install libcurl4", dlerror());
        return;
    }
#define AIH_RESOLVE(name, ret, params) \
    if (!(*(void **)(&p_##name) = dlsym(lib, #name))) { \
        snprintf(load_error, sizeof load_error, "libcurl lacks %s: it is too old; install libcurl 7.68 or newer", #name); \
        return; \
    }
    AIH_CURL_FUNCTIONS(AIH_RESOLVE)
    library = lib;
    loaded = 1;
}

const char *aih_curl_load(void) {
    pthread_once(&once, load);
    return loaded ? NULL : load_error;
}

// Any other libcurl function by name, after aih_curl_load() succeeded (foundation_curl.c).
void *aih_curl_symbol(const char *name) { return library ? dlsym(library, name) : NULL; }

// Callers check aih_curl_load() before the first call (HTTPEngine does).
CURLcode aih_curl_global_init(long flags) { return p_curl_global_init(flags); }
const char *aih_curl_version(void) { return aih_curl_load() ? "libcurl not loaded" : p_curl_version(); }
const char *aih_curl_easy_strerror(CURLcode code) { return p_curl_easy_strerror(code); }
const char *aih_curl_multi_strerror(CURLMcode code) { return p_curl_multi_strerror(code); }
CURL *aih_curl_easy_init(void) { return p_curl_easy_init(); }
void aih_curl_easy_cleanup(CURL *handle) { p_curl_easy_cleanup(handle); }
struct curl_slist *aih_curl_slist_append(struct curl_slist *list, const char *line) { return p_curl_slist_append(list, line); }
void aih_curl_slist_free_all(struct curl_slist *list) { p_curl_slist_free_all(list); }
CURLM *aih_curl_multi_init(void) { return p_curl_multi_init(); }
CURLMcode aih_curl_multi_cleanup(CURLM *multi) { return p_curl_multi_cleanup(multi); }
CURLMcode aih_curl_multi_add_handle(CURLM *multi, CURL *handle) { return p_curl_multi_add_handle(multi, handle); }
CURLMcode aih_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return p_curl_multi_remove_handle(multi, handle); }
CURLMcode aih_curl_multi_perform(CURLM *multi, int *running) { return p_curl_multi_perform(multi, running); }
CURLMcode aih_curl_multi_poll(CURLM *multi, int timeout_ms, int *numfds) { return p_curl_multi_poll(multi, NULL, 0, timeout_ms, numfds); }
CURLMcode aih_curl_multi_wakeup(CURLM *multi) { return p_curl_multi_wakeup(multi); }
CURLMsg *aih_curl_multi_info_read(CURLM *multi, int *queued) { return p_curl_multi_info_read(multi, queued); }

CURLcode aih_curl_setopt_long(CURL *h, CURLoption o, long v) { return p_curl_easy_setopt(h, o, v); }
CURLcode aih_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return p_curl_easy_setopt(h, o, v); }
CURLcode aih_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return p_curl_easy_setopt(h, o, v); }
CURLcode aih_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return p_curl_easy_setopt(h, o, v); }
CURLcode aih_curl_setopt_write(CURL *h, CURLoption o, aih_curl_write_cb v) { return p_curl_easy_setopt(h, o, v); }
CURLcode aih_curl_setopt_xferinfo(CURL *h, aih_curl_xferinfo_cb v) { return p_curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, v); }
CURLcode aih_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return p_curl_easy_getinfo(h, i, v); }
CURLcode aih_curl_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return p_curl_easy_getinfo(h, i, v); }
