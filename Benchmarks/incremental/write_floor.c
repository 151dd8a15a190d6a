// The least time any build can take to write its site on this machine: the same files, with
// the same sizes, in the same folders, made with the same system calls that `timeline build`
// makes for each file it writes (Sources/TimelineCore/Write/StagedOutput.swift and
// Support/FileSystem.swift), on every core, doing nothing else:
//
//   open(ROOT/path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
//   when that fails with ENOENT (the first file of a folder): mkdir(folder, 0755), and on
//   ENOENT its parents first (EEXIST is fine), then open again;
//   write of the file's bytes (again after a short write or EINTR; none for an empty file);
//   close.
//
// No temporary name, no rename, no fchmod, no fsync per file: a clean build writes straight
// into a fresh staging folder, which one rename puts in place at the end (not done here).
// The bytes come from one buffer filled with 'x', so no time goes into making them.
//
// Each thread takes whole folders (the files of one folder stay on one thread), the folders
// dealt to the thread with the fewest files so far.
//
// Usage: write_floor ROOT [THREADS] < listing
//   listing: one file a line, "relative/path<TAB>size in bytes" (as from
//   `find OUT -type f -printf '%P\t%s\n'`); ROOT must not exist and is created.
// Prints "FILES BYTES SECONDS": the wall time from the mkdir of ROOT to the last close.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct entry {
    char *path; // ROOT/relative, made before the clock starts
    size_t folder_length; // bytes of `path` before the last '/'
    size_t size;
};

struct work {
    struct entry **entries;
    size_t count;
    size_t capacity;
    const char *buffer;
    int failed;
};

static void fail(const char *operation, const char *path) {
    fprintf(stderr, "write_floor: cannot %s '%s': %s\n", operation, path, strerror(errno));
}

// FileSystem.makeDirectories: mkdir, and on ENOENT the parent first.
static int make_directories(char *path) {
    if (mkdir(path, 0755) == 0 || errno == EEXIST) return 0;
    if (errno != ENOENT) return -1;
    char *slash = strrchr(path, '/');
    if (!slash || slash == path) return -1;
    *slash = 0;
    int status = make_directories(path);
    *slash = '/';
    if (status != 0) return -1;
    return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

// FileSystem.writeFile.
static int write_file(const char *path, const char *buffer, size_t size) {
    int descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (descriptor < 0) return -1;
    size_t written = 0;
    while (written < size) {
        ssize_t count = write(descriptor, buffer + written, size - written);
        if (count < 0) {
            if (errno == EINTR) continue;
            int code = errno;
            close(descriptor);
            errno = code;
            return -1;
        }
        written += (size_t)count;
    }
    close(descriptor);
    return 0;
}

static void *write_share(void *argument) {
    struct work *work = argument;
    for (size_t index = 0; index < work->count; index++) {
        struct entry *entry = work->entries[index];
        if (write_file(entry->path, work->buffer, entry->size) == 0) continue;
        if (errno != ENOENT) {
            fail("write", entry->path);
            work->failed = 1;
            return NULL;
        }
        // StagedOutput.creatingFolders: the folder does not exist yet.
        entry->path[entry->folder_length] = 0;
        int status = make_directories(entry->path);
        if (status != 0) fail("create directory", entry->path);
        entry->path[entry->folder_length] = '/';
        if (status != 0 || write_file(entry->path, work->buffer, entry->size) != 0) {
            if (status == 0) fail("write", entry->path);
            work->failed = 1;
            return NULL;
        }
    }
    return NULL;
}

static int by_folder(const void *left, const void *right) {
    const struct entry *a = *(struct entry *const *)left, *b = *(struct entry *const *)right;
    size_t shorter = a->folder_length < b->folder_length ? a->folder_length : b->folder_length;
    int order = memcmp(a->path, b->path, shorter);
    if (order != 0) return order;
    if (a->folder_length != b->folder_length) return a->folder_length < b->folder_length ? -1 : 1;
    return strcmp(a->path + a->folder_length, b->path + b->folder_length);
}

static void append(struct work *work, struct entry *entry) {
    if (work->count == work->capacity) {
        work->capacity = work->capacity ? work->capacity * 2 : 1024;
        work->entries = realloc(work->entries, work->capacity * sizeof *work->entries);
        if (!work->entries) {
            perror("write_floor");
            exit(1);
        }
    }
    work->entries[work->count++] = entry;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: write_floor ROOT [THREADS] < listing   (\"path<TAB>size\" a line)\n");
        return 64;
    }
    const char *root = argv[1];
    int threads = argc > 2 ? atoi(argv[2]) : 2;
    if (threads < 1 || threads > 64) threads = 2;
    size_t root_length = strlen(root);

    size_t capacity = 1 << 16, count = 0, total = 0, largest = 0;
    struct entry *entries = malloc(capacity * sizeof *entries);
    char *line = NULL;
    size_t length = 0;
    ssize_t read;
    while (entries && (read = getline(&line, &length, stdin)) > 0) {
        if (line[read - 1] == '\n') line[--read] = 0;
        if (read == 0) continue;
        char *tab = strrchr(line, '\t');
        char *end = NULL;
        unsigned long long size = tab ? strtoull(tab + 1, &end, 10) : 0;
        if (!tab || tab == line || end == tab + 1 || *end != 0) {
            fprintf(stderr, "write_floor: not \"path<TAB>size\": %s\n", line);
            return 1;
        }
        *tab = 0;
        if (count == capacity) {
            capacity *= 2;
            entries = realloc(entries, capacity * sizeof *entries);
            if (!entries) break;
        }
        size_t relative_length = (size_t)(tab - line);
        char *path = malloc(root_length + 1 + relative_length + 1);
        if (!path) break;
        memcpy(path, root, root_length);
        path[root_length] = '/';
        memcpy(path + root_length + 1, line, relative_length + 1);
        entries[count++] = (struct entry){path, (size_t)(strrchr(path, '/') - path), (size_t)size};
        total += (size_t)size;
        if (size > largest) largest = (size_t)size;
    }
    if (!entries) {
        perror("write_floor");
        return 1;
    }

    // Whole folders to each thread, in order, each to the one with the fewest files so far.
    struct entry **sorted = malloc((count ? count : 1) * sizeof *sorted);
    char *buffer = malloc(largest ? largest : 1);
    if (!sorted || !buffer) {
        perror("write_floor");
        return 1;
    }
    memset(buffer, 'x', largest);
    for (size_t index = 0; index < count; index++) sorted[index] = &entries[index];
    qsort(sorted, count, sizeof *sorted, by_folder);
    struct work works[64] = {0};
    for (int index = 0; index < threads; index++) works[index].buffer = buffer;
    for (size_t first = 0; first < count;) {
        size_t next = first + 1;
        while (next < count && sorted[next]->folder_length == sorted[first]->folder_length &&
               memcmp(sorted[next]->path, sorted[first]->path, sorted[first]->folder_length) == 0)
            next++;
        struct work *least = &works[0];
        for (int index = 1; index < threads; index++)
            if (works[index].count < least->count) least = &works[index];
        for (size_t index = first; index < next; index++) append(least, sorted[index]);
        first = next;
    }

    pthread_t ids[64];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    // StagedOutput.begin: the staging folder is made fresh.
    if (mkdir(root, 0755) != 0) {
        fail("create directory", root);
        return 1;
    }
    for (int index = 0; index < threads; index++) pthread_create(&ids[index], NULL, write_share, &works[index]);
    int failed = 0;
    for (int index = 0; index < threads; index++) {
        pthread_join(ids[index], NULL);
        failed |= works[index].failed;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (failed) return 1;
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%zu %zu %.3f\n", count, total, seconds);
    return 0;
}
