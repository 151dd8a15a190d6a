#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "CSystemSupport.h"

#if defined(__APPLE__)
#include <crt_externs.h>
#include <mach-o/dyld.h>
#include <malloc/malloc.h>
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

int timeline_executable_path(char *buffer, size_t size) {
    if (size == 0) {
        errno = EINVAL;
        return -1;
    }
#if defined(__linux__)
    ssize_t length = readlink("/proc/self/exe", buffer, size - 1);
    if (length < 0) {
        return -1;
    }
    buffer[length] = 0;
    return 0;
#elif defined(__APPLE__)
    // dyld(3): _NSGetExecutablePath copies the path the program was started by and returns -1
    // (with the size it needs in `length`) when the buffer is too small.
    uint32_t length = (uint32_t)size;
    if (_NSGetExecutablePath(buffer, &length) != 0) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
#else
    (void)buffer;
    errno = ENOSYS;
    return -1;
#endif
}

int64_t timeline_peak_resident_bytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) {
        return -1;
    }
#if defined(__APPLE__)
    // getrusage(2) on macOS gives ru_maxrss in bytes.
    return (int64_t)usage.ru_maxrss;
#else
    // Linux gives it in kilobytes.
    return (int64_t)usage.ru_maxrss * 1024;
#endif
}

void timeline_release_free_memory(void) {
#if defined(__APPLE__)
    // malloc_zone_pressure_relief, <malloc/malloc.h> (macOS 10.7 and later): every zone
    // (NULL), as much as it can (a goal of 0).
    malloc_zone_pressure_relief(NULL, 0);
#elif defined(__GLIBC__)
    // glibc keeps freed blocks in each thread's arena for reuse; malloc_trim(3) returns them.
    malloc_trim(0);
#endif
}

int64_t timeline_wall_clock_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + (int64_t)now.tv_nsec;
}

void timeline_free(void *pointer) {
    free(pointer);
}

char *timeline_duplicate_string(const char *text) {
    return strdup(text);
}

int timeline_is_terminal(int descriptor) {
    return isatty(descriptor);
}

int timeline_spawn_and_wait(const char *executable, const char *const arguments[], const char *messages) {
#if defined(__APPLE__)
    char **environment = *_NSGetEnviron();
#else
    extern char **environ;
    char **environment = environ;
#endif
    posix_spawn_file_actions_t actions;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    posix_spawn_file_actions_addopen(&actions, 1, messages, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t child = 0;
    // posix_spawn(2) takes `char *const[]` but does not change the strings.
    status = posix_spawn(&child, executable, &actions, NULL, (char *const *)arguments, environment);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    int outcome = 0;
    while (waitpid(child, &outcome, 0) == -1) {
        if (errno != EINTR) {
            return -1;
        }
    }
    if (WIFEXITED(outcome)) {
        return WEXITSTATUS(outcome);
    }
    return WIFSIGNALED(outcome) ? 128 + WTERMSIG(outcome) : 255;
}
