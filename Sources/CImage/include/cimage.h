// Decoding image files to RGBA for terminal previews (docs/images.md, Previews in the terminal).
#ifndef AIHELPER_CIMAGE_H
#define AIHELPER_CIMAGE_H
#include <stddef.h>
#include <stdint.h>

// The size of a PNG, JPEG, GIF or WebP from its header alone, without decoding it: 1 when
// known, 0 when the bytes are none of these (or WebP cannot be read: libwebp is missing).
int aih_image_info(const uint8_t *data, size_t length, int *width, int *height);

// Decodes to 8-bit RGBA (a GIF's first frame), or NULL with `*problem` set. Callers check
// the size with aih_image_info first (decompression bombs). Free with aih_image_free.
uint8_t *aih_image_decode(const uint8_t *data, size_t length, int *width, int *height, const char **problem);
void aih_image_free(uint8_t *pixels);

#endif
