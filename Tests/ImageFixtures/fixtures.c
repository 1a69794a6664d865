#include "imagefixtures.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#define STBIW_WINDOWS_UTF8 0
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

typedef struct { uint8_t *data; size_t length, capacity; } buffer;

static void put(buffer *b, const void *bytes, size_t n) {
    if (b->length + n > b->capacity) {
        b->capacity = (b->length + n) * 2 + 64;
        b->data = realloc(b->data, b->capacity);
    }
    memcpy(b->data + b->length, bytes, n);
    b->length += n;
}
static void put_byte(buffer *b, uint8_t v) { put(b, &v, 1); }
static void write_to(void *context, void *bytes, int n) { put(context, bytes, (size_t)n); }

uint8_t *fixture_png(const uint8_t *rgba, int w, int h, size_t *length) {
    buffer b = {0};
    if (!stbi_write_png_to_func(write_to, &b, w, h, 4, rgba, w * 4)) { free(b.data); return NULL; }
    *length = b.length;
    return b.data;
}

uint8_t *fixture_jpeg(const uint8_t *rgba, int w, int h, size_t *length) {
    buffer b = {0};
    if (!stbi_write_jpg_to_func(write_to, &b, w, h, 4, rgba, 95)) { free(b.data); return NULL; }
    *length = b.length;
    return b.data;
}

uint8_t *fixture_webp(const uint8_t *rgba, int w, int h, size_t *length) {
    void *lib = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return NULL;
    size_t (*encode)(const uint8_t *, int, int, int, uint8_t **) =
        (size_t (*)(const uint8_t *, int, int, int, uint8_t **))dlsym(lib, "WebPEncodeLosslessRGBA");
    void (*release)(void *) = (void (*)(void *))dlsym(lib, "WebPFree");
    if (!encode || !release) return NULL;
    uint8_t *out = NULL;
    size_t n = encode(rgba, w, h, w * 4, &out);
    if (!n) return NULL;
    uint8_t *copy = malloc(n);
    memcpy(copy, out, n);
    release(out);
    *length = n;
    return copy;
}

// GIF87a with a 128-color table; LZW codes of 8 bits (minimum code size 7), a clear code
// before the table would make them 9 bits wide, so nothing is ever compressed.
uint8_t *fixture_gif(const uint8_t *rgba, int w, int h, size_t *length) {
    uint8_t table[128][3];
    int colors = 0;
    uint8_t *index = malloc((size_t)w * h);
    for (int i = 0; i < w * h; i++) {
        const uint8_t *p = rgba + i * 4;
        int k = 0;
        while (k < colors && memcmp(table[k], p, 3) != 0) k++;
        if (k == colors) { if (colors == 128) { free(index); return NULL; } memcpy(table[colors++], p, 3); }
        index[i] = (uint8_t)k;
    }
    buffer b = {0};
    put(&b, "GIF87a", 6);
    uint8_t screen[7] = {w & 255, w >> 8, h & 255, h >> 8, 0xF6, 0, 0};  // global table of 2^7 entries
    put(&b, screen, 7);
    for (int k = 0; k < 128; k++) put(&b, k < colors ? table[k] : (uint8_t[3]){0, 0, 0}, 3);
    uint8_t image[10] = {0x2C, 0, 0, 0, 0, w & 255, w >> 8, h & 255, h >> 8, 0};
    put(&b, image, 10);
    put_byte(&b, 7);
    // Codes are 8 bits wide, so each code is one byte: clear (128), up to 100 pixels, again; end (129).
    buffer codes = {0};
    for (int i = 0; i < w * h; i++) {
        if (i % 100 == 0) put_byte(&codes, 128);
        put_byte(&codes, index[i]);
    }
    put_byte(&codes, 129);
    for (size_t at = 0; at < codes.length; at += 255) {
        size_t n = codes.length - at < 255 ? codes.length - at : 255;
        put_byte(&b, (uint8_t)n);
        put(&b, codes.data + at, n);
    }
    put_byte(&b, 0);
    put_byte(&b, 0x3B);
    free(codes.data);
    free(index);
    *length = b.length;
    return b.data;
}
