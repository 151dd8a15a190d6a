// The least time any build can take to learn that nothing changed by looking at the files:
// one fstatat per input, on every core, doing nothing else. `make bench` prints it beside the
// no-op rebuild.
//
// Usage: stat_floor ROOT [THREADS]   (paths relative to ROOT, one per line, on standard input)
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

struct work {
    int root;
    char **paths;
    size_t count;
    size_t first;
    size_t step;
    size_t missing;
};

static void *stat_share(void *argument) {
    struct work *work = argument;
    struct stat status;
    for (size_t index = work->first; index < work->count; index += work->step) {
        if (fstatat(work->root, work->paths[index], &status, AT_SYMLINK_NOFOLLOW) != 0) work->missing += 1;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: stat_floor ROOT [THREADS] < paths\n");
        return 64;
    }
    int threads = argc > 2 ? atoi(argv[2]) : 2;
    if (threads < 1 || threads > 64) threads = 2;
    int root = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root < 0) {
        perror(argv[1]);
        return 1;
    }
    size_t capacity = 1 << 16, count = 0;
    char **paths = malloc(capacity * sizeof *paths);
    char *line = NULL;
    size_t length = 0;
    ssize_t read;
    while (paths && (read = getline(&line, &length, stdin)) > 0) {
        if (line[read - 1] == '\n') line[read - 1] = 0;
        if (count == capacity) {
            capacity *= 2;
            char **grown = realloc(paths, capacity * sizeof *paths);
            if (!grown) break;
            paths = grown;
        }
        paths[count++] = strdup(line);
    }
    if (!paths) return 1;

    struct work works[64];
    pthread_t ids[64];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int index = 0; index < threads; index++) {
        works[index] = (struct work){root, paths, count, (size_t)index, (size_t)threads, 0};
        pthread_create(&ids[index], NULL, stat_share, &works[index]);
    }
    size_t missing = 0;
    for (int index = 0; index < threads; index++) {
        pthread_join(ids[index], NULL);
        missing += works[index].missing;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%zu %.3f %zu\n", count, seconds, missing);
    return 0;
}
