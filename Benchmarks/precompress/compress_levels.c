// Compresses a built site's text files at several gzip levels and brotli qualities with the
// calls `timeline build --precompress` makes (deflateInit2 with a gzip wrapper, memLevel 9;
// BrotliEncoderCompress in text mode, with a 22-bit window or one fitted to the file: "f"), on
// one core, and prints each setting's bytes and speed: the figures behind `Precompression.standard` (docs/benchmarks.md).
//
// Usage: compress_levels ROOT [EVERY]   (paths relative to ROOT, one per line, on standard
// input; with EVERY, only one file in EVERY is read, to keep the slow qualities short)
//
// Build: cc -O2 Benchmarks/precompress/compress_levels.c -o .bench/compress_levels -lz -lbrotlienc
#define _GNU_SOURCE
#include <brotli/encode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

struct file {
    unsigned char *bytes;
    size_t size;
};

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static size_t gzip_size(const struct file *file, int level, unsigned char *out, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) exit(1);
    stream.next_in = file->bytes;
    stream.avail_in = (uInt)file->size;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END) exit(1);
    size_t size = capacity - stream.avail_out;
    deflateEnd(&stream);
    return size;
}

// The smallest window that holds the whole file (as the brotli command picks it), at most 22
// bits: a larger window finds nothing more in a smaller file, and costs a larger hash table.
static int fitted_window(size_t size) {
    int bits = BROTLI_MIN_WINDOW_BITS;
    while (bits < 22 && ((size_t)1 << bits) - 16 < size) bits++;
    return bits;
}

static size_t brotli_size(const struct file *file, int quality, int fitted, unsigned char *out, size_t capacity) {
    size_t size = capacity;
    int window = fitted ? fitted_window(file->size) : 22;
    if (!BrotliEncoderCompress(quality, window, BROTLI_MODE_TEXT, file->size, file->bytes, &size, out)) exit(1);
    return size;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: compress_levels ROOT [EVERY] < paths\n");
        return 2;
    }
    long every = argc > 2 ? atol(argv[2]) : 1;
    if (every < 1) every = 1;
    struct file *files = NULL;
    size_t count = 0, capacity = 0, largest = 0, total = 0, seen = 0;
    char line[4096], path[8192];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (seen++ % (size_t)every != 0) continue;
        snprintf(path, sizeof path, "%s/%s", argv[1], line);
        FILE *handle = fopen(path, "rb");
        if (!handle) continue;
        fseek(handle, 0, SEEK_END);
        long size = ftell(handle);
        fseek(handle, 0, SEEK_SET);
        unsigned char *bytes = malloc(size > 0 ? (size_t)size : 1);
        if (fread(bytes, 1, (size_t)size, handle) != (size_t)size) exit(1);
        fclose(handle);
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            files = realloc(files, capacity * sizeof *files);
        }
        files[count++] = (struct file){bytes, (size_t)size};
        total += (size_t)size;
        if ((size_t)size > largest) largest = (size_t)size;
    }
    size_t out_capacity = BrotliEncoderMaxCompressedSize(largest) + compressBound(largest) + 1024;
    unsigned char *out = malloc(out_capacity);
    printf("%zu files, %zu bytes\n", count, total);
    printf("%-10s %12s %7s %9s %8s\n", "setting", "bytes", "ratio", "seconds", "MB/s");
    struct setting {
        const char *name;
        int brotli; // 0: gzip; 1: brotli, 22-bit window; 2: brotli, window fitted to the file
        int level;
    } settings[] = {
        {"gzip 6", 0, 6}, {"gzip 9", 0, 9},
        {"brotli 5", 1, 5}, {"brotli 6", 1, 6}, {"brotli 7", 1, 7}, {"brotli 9", 1, 9}, {"brotli 11", 1, 11},
        {"brotli 5 f", 2, 5}, {"brotli 6 f", 2, 6}, {"brotli 7 f", 2, 7}, {"brotli 9 f", 2, 9}, {"brotli 11 f", 2, 11},
    };
    for (size_t index = 0; index < sizeof settings / sizeof *settings; index++) {
        struct setting setting = settings[index];
        double start = now();
        size_t compressed = 0;
        for (size_t file = 0; file < count; file++) {
            compressed += setting.brotli ? brotli_size(&files[file], setting.level, setting.brotli == 2, out, out_capacity)
                                         : gzip_size(&files[file], setting.level, out, out_capacity);
        }
        double seconds = now() - start;
        printf("%-10s %12zu %7.3f %9.2f %8.1f\n", setting.name, compressed, (double)compressed / (double)total, seconds,
               (double)total / seconds / 1e6);
        fflush(stdout);
    }
    return 0;
}
