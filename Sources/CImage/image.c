// stb_image (Debian's libstb-dev: the header, compiled in here) for PNG, JPEG and GIF, and
// libwebp for WebP, opened with dlopen on the first WebP (libwebp7): nothing here is loaded
// or run at start-up. Only these three stb formats are compiled, and dimensions are capped,
// so a file of another kind, or a huge one, is refused before any pixel is decoded.
#include "cimage.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_ONLY_GIF
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS 16384
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#include <webp/decode.h>

static int is_webp(const uint8_t *d, size_t n) {
    return n >= 12 && memcmp(d, "RIFF", 4) == 0 && memcmp(d + 8, "WEBP", 4) == 0;
}

typedef int (*webp_info_fn)(const uint8_t *, size_t, int *, int *);
typedef uint8_t *(*webp_decode_fn)(const uint8_t *, size_t, int *, int *);
typedef void (*webp_free_fn)(void *);
static webp_info_fn webp_info;
static webp_decode_fn webp_decode;
static webp_free_fn webp_free;

// Called from one thread at a time (the preview decoder's queue); a failed open is retried.
static int load_webp(void) {
    if (webp_decode) return 1;
    const char *name = getenv("AIHELPER_LIBWEBP");
    void *lib = dlopen(name && *name ? name : "libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
    webp_info = (webp_info_fn)dlsym(lib, "WebPGetInfo");
    webp_free = (webp_free_fn)dlsym(lib, "WebPFree");
    webp_decode_fn decode = (webp_decode_fn)dlsym(lib, "WebPDecodeRGBA");
    if (!webp_info || !webp_free || !decode) return 0;
    webp_decode = decode;
    return 1;
}

// stb's memory-reading API takes an int length.
static int fits_int(size_t n) { return n > 0 && n <= 0x7fffffff; }

int aih_image_info(const uint8_t *data, size_t length, int *width, int *height) {
    if (!fits_int(length)) return 0;
    if (is_webp(data, length)) return load_webp() && webp_info(data, length, width, height);
    int channels;
    return stbi_info_from_memory(data, (int)length, width, height, &channels);
}

// Pixels from libwebp are freed with its own free; stb's with free(3). A small header in
// front of each buffer would be needed to tell them apart, so WebP output is copied once.
uint8_t *aih_image_decode(const uint8_t *data, size_t length, int *width, int *height, const char **problem) {
    *problem = NULL;
    if (!fits_int(length)) { *problem = "empty or too large"; return NULL; }
    if (is_webp(data, length)) {
        if (!load_webp()) { *problem = "libwebp is not installed (Debian: libwebp7)"; return NULL; }
        uint8_t *pixels = webp_decode(data, length, width, height);
        if (!pixels) { *problem = "not a readable WebP image"; return NULL; }
        size_t size = (size_t)*width * (size_t)*height * 4;
        uint8_t *copy = malloc(size);
        if (copy) memcpy(copy, pixels, size);
        webp_free(pixels);
        if (!copy) *problem = "out of memory";
        return copy;
    }
    int channels;
    uint8_t *pixels = stbi_load_from_memory(data, (int)length, width, height, &channels, 4);
    if (!pixels) *problem = stbi_failure_reason();
    return pixels;
}

void aih_image_free(uint8_t *pixels) { free(pixels); }
