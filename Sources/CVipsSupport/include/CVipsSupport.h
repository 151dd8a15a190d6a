#ifndef TIMELINE_CVIPSSUPPORT_H
#define TIMELINE_CVIPSSUPPORT_H

// A narrow, non-variadic face of libvips for Swift: libvips' operations take their options as
// C varargs, which Swift cannot call. Swift sees only these declarations, never libvips'
// headers. Every function that can fail returns NULL or a non-zero status; the message is then
// available from timeline_vips_take_error().

#include <stddef.h>
#include <stdint.h>

typedef struct timeline_image timeline_image;

/// Starts libvips once per process (safe to call from any thread, any number of times).
/// Returns 0 on success.
int timeline_vips_start(void);

/// The version of the libvips the tool runs with, such as "8.14.1".
const char *timeline_vips_version(void);

/// libvips' accumulated error text, copied (free with free()) and cleared; NULL when empty.
char *timeline_vips_take_error(void);

typedef struct {
    int width;
    int height;
    /// EXIF orientation 1–8 (1 when absent).
    int orientation;
} timeline_image_header;

/// Reads the header of an image file without decoding its pixels.
int timeline_image_probe(const char *path, timeline_image_header *header);

/// Like timeline_image_probe(), and also copies the metadata strings named by `names` as
/// libvips gives them (`Canon (Canon, ASCII, 6 components, 6 bytes)`): `values[i]` is a copy
/// to free with free(), or NULL when the image has no such field. Only the named fields are
/// read; the pixels are not decoded.
int timeline_image_probe_strings(const char *path, timeline_image_header *header, const char *const *names, int count,
                                 char **values);

/// Decodes `path` upright (EXIF orientation applied), converted to sRGB, shrunk to at most
/// `max_width` pixels wide (never enlarged), and held in memory. Fails on truncated or corrupt
/// data rather than returning a partly grey picture.
timeline_image *timeline_image_load(const char *path, int max_width);

void timeline_image_free(timeline_image *image);
int timeline_image_width(const timeline_image *image);
int timeline_image_height(const timeline_image *image);

/// A copy scaled down to `width` pixels wide, keeping the aspect ratio.
timeline_image *timeline_image_resize(const timeline_image *image, int width);

/// A `size`×`size` square, cropped on the most interesting part (libvips' attention smartcrop).
timeline_image *timeline_image_square(const timeline_image *image, int size);

/// The mean colour of the image, for a placeholder shown while it loads.
int timeline_image_mean_rgb(const timeline_image *image, uint8_t rgb[3]);

typedef enum { TIMELINE_FORMAT_JPEG = 0, TIMELINE_FORMAT_WEBP = 1 } timeline_format;

/// Encodes the image. All metadata is removed unless `keep_camera_data` is set, in which case
/// the camera and exposure EXIF fields are kept and everything else (GPS above all, XMP, IPTC,
/// maker notes, thumbnails) is still removed. On success `*bytes` holds `*length` bytes to be
/// freed with timeline_buffer_free().
int timeline_image_encode(const timeline_image *image, timeline_format format, int quality, int keep_camera_data,
                          uint8_t **bytes, size_t *length);

void timeline_buffer_free(void *bytes);

/// SHA-256 of a file's bytes as 64 lowercase hex digits plus NUL. Returns 0 on success, or
/// -1 with errno set.
int timeline_sha256_file(const char *path, char hex[65]);

/// SHA-256 of a byte string.
void timeline_sha256_bytes(const void *bytes, size_t length, char hex[65]);

#endif
