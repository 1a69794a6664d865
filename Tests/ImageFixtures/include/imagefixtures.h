// Small image files made from RGBA pixels for the preview tests: PNG and JPEG by
// stb_image_write (Debian's libstb-dev), WebP by libwebp's encoder (opened with dlopen),
// GIF by a tiny writer here. Each returns a malloc'd buffer (free it) and its length, or NULL.
#ifndef AIHELPER_IMAGEFIXTURES_H
#define AIHELPER_IMAGEFIXTURES_H
#include <stddef.h>
#include <stdint.h>
uint8_t *fixture_png(const uint8_t *rgba, int width, int height, size_t *length);
uint8_t *fixture_jpeg(const uint8_t *rgba, int width, int height, size_t *length);
uint8_t *fixture_webp(const uint8_t *rgba, int width, int height, size_t *length);
// Opaque pixels only; at most 128 distinct colors.
uint8_t *fixture_gif(const uint8_t *rgba, int width, int height, size_t *length);
#endif
