#include "CVipsSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vips/vips.h>
#include <vips/vector.h>

struct timeline_image {
    VipsImage *vips;
};

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_status = -1;

static void discard_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static void start_vips(void) {
    // libvips also prints its warnings (a truncated file, say); the build reports each failure
    // itself, with the post and file, so the raw lines would only be noise.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, discard_log, NULL);
    if (VIPS_INIT("timeline") != 0) {
        start_status = -1;
        return;
    }
    // Photos are processed one per core by the caller; libvips' own worker threads and its
    // operation cache would only add memory.
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    // libvips compiles its vector paths with liborc the first time each is used; Debian's
    // liborc 0.4.33 crashed (SIGSEGV inside liborc) when two photos were processed at once on
    // the two cores. The plain C paths are used instead.
    vips_vector_set_enabled(FALSE);
    start_status = 0;
}

const char *timeline_vips_version(void) {
    return vips_version_string();
}

int timeline_vips_start(void) {
    pthread_once(&start_once, start_vips);
    return start_status;
}

static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;

char *timeline_vips_take_error(void) {
    pthread_mutex_lock(&error_lock);
    const char *text = vips_error_buffer();
    char *copy = (text != NULL && text[0] != '\0') ? strdup(text) : NULL;
    vips_error_clear();
    pthread_mutex_unlock(&error_lock);
    return copy;
}

static timeline_image *wrap(VipsImage *vips) {
    if (vips == NULL) return NULL;
    timeline_image *image = malloc(sizeof(timeline_image));
    if (image == NULL) {
        g_object_unref(vips);
        return NULL;
    }
    image->vips = vips;
    return image;
}

/// Computes a lazy result once, into memory, so that encoding it in several formats does not
/// resize or crop again. Takes ownership of `lazy`.
static VipsImage *in_memory(VipsImage *lazy) {
    VipsImage *memory = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return memory;
}

int timeline_image_probe(const char *path, timeline_image_header *header) {
    VipsImage *image = vips_image_new_from_file(path, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (image == NULL) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = vips_image_get_orientation(image);
    g_object_unref(image);
    return 0;
}

int timeline_image_probe_strings(const char *path, timeline_image_header *header, const char *const *names, int count,
                                 char **values) {
    for (int index = 0; index < count; index++) values[index] = NULL;
    VipsImage *image = vips_image_new_from_file(path, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (image == NULL) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = vips_image_get_orientation(image);
    for (int index = 0; index < count; index++) {
        // Only string fields are asked for: anything else would leave an error in libvips'
        // shared error buffer.
        GType type = vips_image_get_typeof(image, names[index]);
        const char *text = NULL;
        if ((type == G_TYPE_STRING || type == VIPS_TYPE_REF_STRING) && vips_image_get_string(image, names[index], &text) == 0 &&
            text != NULL)
            values[index] = strdup(text);
    }
    g_object_unref(image);
    return 0;
}

timeline_image *timeline_image_load(const char *path, int max_width) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail(path, &thumbnail, max_width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, "fail_on",
                       VIPS_FAIL_ON_ERROR, NULL) != 0)
        return NULL;
    // Transparent PNGs and WebPs go on white: JPEG has no alpha, and a page is light.
    if (vips_image_hasalpha(thumbnail)) {
        VipsImage *flat = NULL;
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int status = vips_flatten(thumbnail, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(thumbnail);
        if (status != 0) return NULL;
        thumbnail = flat;
    }
    // Decode once, here, into memory: every size and format is then made from this copy.
    return wrap(in_memory(thumbnail));
}

void timeline_image_free(timeline_image *image) {
    if (image == NULL) return;
    g_object_unref(image->vips);
    free(image);
}

int timeline_image_width(const timeline_image *image) { return vips_image_get_width(image->vips); }
int timeline_image_height(const timeline_image *image) { return vips_image_get_height(image->vips); }

timeline_image *timeline_image_resize(const timeline_image *image, int width) {
    VipsImage *resized = NULL;
    if (vips_thumbnail_image(image->vips, &resized, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL) != 0)
        return NULL;
    return wrap(in_memory(resized));
}

timeline_image *timeline_image_square(const timeline_image *image, int size) {
    VipsImage *square = NULL;
    if (vips_thumbnail_image(image->vips, &square, size, "height", size, "crop", VIPS_INTERESTING_ATTENTION, "size",
                             VIPS_SIZE_DOWN, NULL) != 0)
        return NULL;
    return wrap(in_memory(square));
}

int timeline_image_mean_rgb(const timeline_image *image, uint8_t rgb[3]) {
    VipsImage *stats = NULL;
    if (vips_stats(image->vips, &stats, NULL) != 0) return -1;
    // Row 0 holds all bands together; row b+1 holds band b. Column 4 is the mean.
    int bands = vips_image_get_bands(image->vips);
    for (int band = 0; band < 3; band++) {
        int row = 1 + (band < bands ? band : 0);
        double mean = *VIPS_MATRIX(stats, 4, row);
        rgb[band] = (uint8_t)(mean < 0 ? 0 : mean > 255 ? 255 : mean + 0.5);
    }
    g_object_unref(stats);
    return 0;
}

// EXIF fields kept by `keep_camera_data`: what the camera and exposure were, nothing about
// where or who.
static const char *const camera_fields[] = {
    "exif-ifd0-Make",          "exif-ifd0-Model",           "exif-ifd2-ExposureTime",
    "exif-ifd2-FNumber",       "exif-ifd2-ExposureProgram", "exif-ifd2-ISOSpeedRatings",
    "exif-ifd2-PhotographicSensitivity",                    "exif-ifd2-ExposureBiasValue",
    "exif-ifd2-MeteringMode",  "exif-ifd2-Flash",           "exif-ifd2-FocalLength",
    "exif-ifd2-FocalLengthIn35mmFilm",                      "exif-ifd2-LensMake",
    "exif-ifd2-LensModel",     "exif-ifd2-DateTimeOriginal", "exif-ifd2-ExifVersion",
    NULL,
};

static int is_camera_field(const char *name) {
    for (int index = 0; camera_fields[index] != NULL; index++)
        if (strcmp(name, camera_fields[index]) == 0) return 1;
    return 0;
}

typedef struct {
    GPtrArray *names;
    int keep_camera_data;
} unwanted_fields;

static void *collect_unwanted(VipsImage *image, const char *name, GValue *value, void *context) {
    (void)image;
    (void)value;
    unwanted_fields *unwanted = context;
    int keep = unwanted->keep_camera_data && (strcmp(name, "exif-data") == 0 || is_camera_field(name));
    int metadata = g_str_has_prefix(name, "exif-") || g_str_has_prefix(name, "xmp-") ||
                   g_str_has_prefix(name, "iptc-") || g_str_has_prefix(name, "icc-") ||
                   g_str_has_prefix(name, "gif-") || g_str_has_prefix(name, "png-") ||
                   g_str_has_prefix(name, "heif-") || strcmp(name, "orientation") == 0;
    if (metadata && !keep) g_ptr_array_add(unwanted->names, g_strdup(name));
    return NULL;
}

/// A copy without metadata, or with only the camera fields (libvips rebuilds the EXIF block
/// from the remaining fields when it saves). The savers' own `strip` is not relied on alone:
/// libvips 8.14's WebP saver still writes EXIF with it.
static VipsImage *filtered_metadata(VipsImage *in, int keep_camera_data) {
    VipsImage *copy = NULL;
    if (vips_copy(in, &copy, NULL) != 0) return NULL;
    unwanted_fields unwanted = {g_ptr_array_new_with_free_func(g_free), keep_camera_data};
    vips_image_map(copy, collect_unwanted, &unwanted);
    for (guint index = 0; index < unwanted.names->len; index++)
        vips_image_remove(copy, g_ptr_array_index(unwanted.names, index));
    g_ptr_array_free(unwanted.names, TRUE);
    return copy;
}

static uint32_t read_le32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static void write_le32(uint8_t *bytes, uint32_t value) {
    for (int index = 0; index < 4; index++) bytes[index] = (uint8_t)(value >> (8 * index));
}

/// Removes the EXIF, XMP and ICC chunks of a WebP file in place and clears their VP8X flags:
/// libvips 8.14's WebP saver writes an EXIF block even when told to strip.
static void strip_webp_metadata(uint8_t *bytes, size_t *length) {
    if (*length < 12 || memcmp(bytes, "RIFF", 4) != 0 || memcmp(bytes + 8, "WEBP", 4) != 0) return;
    size_t read = 12, write = 12;
    while (read + 8 <= *length) {
        size_t chunk = 8 + (size_t)read_le32(bytes + read + 4);
        chunk += chunk & 1;
        if (read + chunk > *length) return;
        int metadata = memcmp(bytes + read, "EXIF", 4) == 0 || memcmp(bytes + read, "XMP ", 4) == 0 ||
                       memcmp(bytes + read, "ICCP", 4) == 0;
        if (!metadata) {
            memmove(bytes + write, bytes + read, chunk);
            if (memcmp(bytes + write, "VP8X", 4) == 0 && chunk >= 9) bytes[write + 8] &= (uint8_t)~(0x20 | 0x08 | 0x04);
            write += chunk;
        }
        read += chunk;
    }
    write_le32(bytes + 4, (uint32_t)(write - 8));
    *length = write;
}

int timeline_image_encode(const timeline_image *image, timeline_format format, int quality, int keep_camera_data,
                          uint8_t **bytes, size_t *length) {
    VipsImage *filtered = filtered_metadata(image->vips, keep_camera_data);
    if (filtered == NULL) return -1;
    VipsImage *source = filtered;
    gboolean strip = keep_camera_data ? FALSE : TRUE;
    void *buffer = NULL;
    size_t size = 0;
    int status;
    if (format == TIMELINE_FORMAT_WEBP) {
        status = vips_webpsave_buffer(source, &buffer, &size, "Q", quality, "strip", strip, "effort", 4, NULL);
    } else {
        status = vips_jpegsave_buffer(source, &buffer, &size, "Q", quality, "strip", strip, "optimize_coding", TRUE,
                                      "interlace", TRUE, NULL);
    }
    g_object_unref(filtered);
    if (status != 0) return -1;
    if (format == TIMELINE_FORMAT_WEBP && !keep_camera_data) strip_webp_metadata(buffer, &size);
    *bytes = buffer;
    *length = size;
    return 0;
}

void timeline_buffer_free(void *bytes) { g_free(bytes); }

static void to_hex(GChecksum *checksum, char hex[65]) {
    g_strlcpy(hex, g_checksum_get_string(checksum), 65);
}

int timeline_sha256_file(const char *path, char hex[65]) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    GChecksum *checksum = g_checksum_new(G_CHECKSUM_SHA256);
    guchar chunk[1 << 16];
    for (;;) {
        ssize_t count = read(descriptor, chunk, sizeof chunk);
        if (count < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            g_checksum_free(checksum);
            close(descriptor);
            errno = saved;
            return -1;
        }
        if (count == 0) break;
        g_checksum_update(checksum, chunk, (gssize)count);
    }
    close(descriptor);
    to_hex(checksum, hex);
    g_checksum_free(checksum);
    return 0;
}

void timeline_sha256_bytes(const void *bytes, size_t length, char hex[65]) {
    GChecksum *checksum = g_checksum_new(G_CHECKSUM_SHA256);
    g_checksum_update(checksum, bytes, (gssize)length);
    to_hex(checksum, hex);
    g_checksum_free(checksum);
}
