// libcurl's functions as FoundationNetworking calls them. Foundation is linked statically and
// the MCP SDK pulls in FoundationNetworking, whose URLSession calls libcurl directly: that
// made libcurl, and the ~25 libraries it needs (TLS, Kerberos, LDAP), load at every start —
// 4–5 MB resident and a few ms (docs/performance.md, Where memory goes). These definitions
// take those calls and forward them to the libcurl that loader.c opens on first use; the link
// finds an empty script for -lcurl (link/libcurl.so), so the binary no longer lists libcurl. Hidden: the executable
// exports its symbols (-export-dynamic), and libcurl's own calls must not land here.
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

const char *aih_curl_load(void);
void *aih_curl_symbol(const char *name);

static void *resolve(void **slot, const char *name) {
    void *fn = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (fn) return fn;
    const char *problem = aih_curl_load();
    fn = problem ? NULL : aih_curl_symbol(name);
    if (!fn) {
        fprintf(stderr, "aihelper: %s\n", problem ? problem : "libcurl lacks a function the network code needs");
        abort();
    }
    __atomic_store_n(slot, fn, __ATOMIC_RELEASE);
    return fn;
}

#define HIDDEN __attribute__((visibility("hidden")))
// A function of fixed parameters: name, return type, parameters, the arguments passed on.
#define FORWARD(name, ret, params, args) \
    HIDDEN ret name params { \
        static void *slot; \
        return ((ret (*) params) resolve(&slot, #name)) args; \
    }
// setopt and getinfo take one argument after the option: a long, a pointer or a curl_off_t,
// each passed in one 64-bit integer register on the 64-bit ABIs this builds for.
#define FORWARD_VARIADIC(name) \
    HIDDEN int name(void *handle, int option, ...) { \
        static void *slot; \
        va_list ap; \
        va_start(ap, option); \
        void *value = va_arg(ap, void *); \
        va_end(ap); \
        return ((int (*)(void *, int, ...)) resolve(&slot, #name))(handle, option, value); \
    }

_Static_assert(sizeof(void *) == 8 && sizeof(long) == 8, "the variadic forwarding assumes a 64-bit ABI");

FORWARD(curl_global_init, int, (long flags), (flags))
FORWARD(curl_version, char *, (void), ())
FORWARD(curl_version_info, void *, (int age), (age))
FORWARD(curl_free, void, (void *p), (p))
FORWARD(curl_easy_init, void *, (void), ())
FORWARD(curl_easy_cleanup, void, (void *h), (h))
FORWARD(curl_easy_pause, int, (void *h, int mask), (h, mask))
FORWARD(curl_easy_strerror, const char *, (int code), (code))
FORWARD_VARIADIC(curl_easy_setopt)
FORWARD_VARIADIC(curl_easy_getinfo)
FORWARD(curl_slist_append, void *, (void *list, const char *s), (list, s))
FORWARD(curl_slist_free_all, void, (void *list), (list))
FORWARD(curl_multi_init, void *, (void), ())
FORWARD(curl_multi_cleanup, int, (void *m), (m))
FORWARD(curl_multi_add_handle, int, (void *m, void *h), (m, h))
FORWARD(curl_multi_remove_handle, int, (void *m, void *h), (m, h))
FORWARD(curl_multi_assign, int, (void *m, int socket, void *p), (m, socket, p))
FORWARD(curl_multi_info_read, void *, (void *m, int *queued), (m, queued))
FORWARD(curl_multi_socket_action, int, (void *m, int socket, int mask, int *running), (m, socket, mask, running))
FORWARD_VARIADIC(curl_multi_setopt)
FORWARD(curl_url, void *, (void), ())
FORWARD(curl_url_get, int, (void *u, int part, char **out, unsigned flags), (u, part, out, flags))
FORWARD(curl_url_set, int, (void *u, int part, const char *s, unsigned flags), (u, part, s, flags))
