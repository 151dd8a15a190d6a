#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
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
#include <libproc.h>
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

/// The process's environment, which a child is started with.
static char **timeline_environment(void) {
#if defined(__APPLE__)
    // crt_externs.h: a shared library on Darwin reaches the environment through _NSGetEnviron.
    return *_NSGetEnviron();
#else
    extern char **environ;
    return environ;
#endif
}

/// Waits for `child` to end (wait4(2)): its exit status, 128 + the signal that ended it, or -1
/// with errno. `*peak_resident_bytes` is the ended child's ru_maxrss in bytes (Linux reports
/// kilobytes, Darwin bytes), -1 when unknown: the most memory it, or a child of its own it
/// waited for, held resident. On Linux that includes what the forked copy of this process held
/// before the child's execve(2) (exec_mmap keeps the old address space's high-water mark), so
/// there it is only an upper bound (see `timeline_child_resident_peak`).
static int timeline_wait_for_exit(pid_t child, int64_t *peak_resident_bytes) {
    int outcome = 0;
    struct rusage usage;
    *peak_resident_bytes = -1;
    while (wait4(child, &outcome, 0, &usage) == -1) {
        if (errno != EINTR) {
            return -1;
        }
    }
#if defined(__APPLE__)
    *peak_resident_bytes = (int64_t)usage.ru_maxrss;
#else
    *peak_resident_bytes = (int64_t)usage.ru_maxrss * 1024;
#endif
    if (WIFEXITED(outcome)) {
        return WEXITSTATUS(outcome);
    }
    return WIFSIGNALED(outcome) ? 128 + WTERMSIG(outcome) : 255;
}

int timeline_spawn_and_wait(const char *executable, const char *const arguments[], const char *messages) {
    char **environment = timeline_environment();
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
    int64_t peak_resident_bytes = -1;
    return timeline_wait_for_exit(child, &peak_resident_bytes);
}

static int timeline_pipe(int descriptors[2]) {
#if defined(__linux__)
    // pipe2(2) with O_CLOEXEC: atomic, so a child another thread starts meanwhile cannot inherit it.
    return pipe2(descriptors, O_CLOEXEC);
#else
    // Darwin has no pipe2: pipe(2), then FD_CLOEXEC on both ends (fcntl(2)).
    if (pipe(descriptors) != 0) {
        return -1;
    }
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

static int64_t timeline_monotonic_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + (int64_t)now.tv_nsec / 1000000;
}

/// How often the memory watch measures the child (Darwin), and the peak measure reads its
/// high-water mark (Linux), in milliseconds.
#define TIMELINE_MEMORY_WATCH_MILLISECONDS 100

/// Starts the child with its standard input /dev/null and its standard output and error the
/// write ends of `output` and `messages`. Returns its process ID, or -1 with errno.
static pid_t timeline_start_limited(const char *executable, const char *const arguments[], char **environment, int timeout_seconds,
                                    int64_t memory_bytes, int output[2], int messages[2]) {
#if defined(__APPLE__)
    // XNU refuses RLIMIT_AS below what the process has mapped already (EINVAL from
    // setrlimit(2): kern_resource.c hands the limit to vm_map_set_size_limit), and a process
    // forked from this one maps far more than a limit meant for FFmpeg. So the child is bounded
    // from outside instead (the wall-clock timeout, and the memory watch in
    // timeline_run_limited), and started with posix_spawn(2): one step, no code run between
    // fork and exec, and with POSIX_SPAWN_CLOEXEC_DEFAULT (<spawn.h>, macOS 10.7 and later) the
    // child inherits only the descriptors the file actions name, never a pipe another thread
    // has just made for its own child.
    (void)timeout_seconds;
    (void)memory_bytes;
    posix_spawn_file_actions_t actions;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    posix_spawnattr_t attributes;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        errno = status;
        return -1;
    }
    if ((status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)) == 0
        && (status = posix_spawn_file_actions_adddup2(&actions, output[1], 1)) == 0
        && (status = posix_spawn_file_actions_adddup2(&actions, messages[1], 2)) == 0
        && (status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_CLOEXEC_DEFAULT)) == 0) {
        pid_t child = 0;
        // posix_spawn(2) takes `char *const[]` but does not change the strings.
        status = posix_spawn(&child, executable, &actions, &attributes, (char *const *)arguments, environment);
        if (status == 0) {
            posix_spawnattr_destroy(&attributes);
            posix_spawn_file_actions_destroy(&actions);
            return child;
        }
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    errno = status;
    return -1;
#else
    // fork(2) rather than posix_spawn(2), which cannot set resource limits: between fork and
    // execve the child calls only async-signal-safe functions (open, dup2, setrlimit, execve,
    // _exit), as a child of a threaded process must.
    pid_t child = fork();
    if (child != 0) {
        return child;
    }
    int input = open("/dev/null", O_RDONLY);
    if (input < 0 || dup2(input, 0) < 0 || dup2(output[1], 1) < 0 || dup2(messages[1], 2) < 0) {
        _exit(127);
    }
    if (memory_bytes > 0) {
        struct rlimit memory = {(rlim_t)memory_bytes, (rlim_t)memory_bytes};
        if (setrlimit(RLIMIT_AS, &memory) != 0) {
            _exit(127);
        }
    }
    if (timeout_seconds > 0) {
        struct rlimit processor = {(rlim_t)timeout_seconds, (rlim_t)timeout_seconds + 1};
        setrlimit(RLIMIT_CPU, &processor);
    }
    execve(executable, (char *const *)arguments, environment);
    _exit(127);
#endif
}

/// The memory the child holds, in bytes, for the memory watch: on Darwin its physical
/// footprint (proc_pid_rusage(2) from <libproc.h>, RUSAGE_INFO_V0's ri_phys_footprint, what
/// Activity Monitor shows as a process's memory: resident and compressed pages it owns). -1
/// when unknown, and always on Linux, where RLIMIT_AS bounds the child instead.
static int64_t timeline_child_footprint(pid_t child) {
#if defined(__APPLE__)
    struct rusage_info_v0 usage;
    if (proc_pid_rusage(child, RUSAGE_INFO_V0, (rusage_info_t *)&usage) != 0) {
        return -1;
    }
    return (int64_t)usage.ri_phys_footprint;
#else
    (void)child;
    return -1;
#endif
}

/// Linux: the most memory the child has held resident since its execve(2), in bytes: VmHWM of
/// /proc/<pid>/status (proc(5)), a high-water mark of its own address space only. -1 when
/// unknown, and always on Darwin, whose wait4(2) gives that of a posix_spawn(2)ed child.
static int64_t timeline_child_resident_peak(pid_t child) {
#if defined(__linux__)
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)child);
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        return -1;
    }
    char text[4096];
    ssize_t length = read(descriptor, text, sizeof text - 1);
    close(descriptor);
    if (length <= 0) {
        return -1;
    }
    text[length] = 0;
    const char *field = strstr(text, "\nVmHWM:");
    return field == NULL ? -1 : strtoll(field + 7, NULL, 10) * 1024;
#else
    (void)child;
    return -1;
#endif
}

/// Whether the memory limit is kept by watching the child from here (Darwin) rather than by
/// RLIMIT_AS in the child (Linux).
static int timeline_watches_memory(void) {
#if defined(__APPLE__)
    return 1;
#else
    return 0;
#endif
}

int timeline_run_limited(const char *executable, const char *const arguments[], int timeout_seconds, int64_t memory_bytes,
                         timeline_output_handler handler, void *context, int *timed_out, int *over_memory, int64_t *peak_resident_bytes) {
    char **environment = timeline_environment();
    *timed_out = 0;
    *over_memory = 0;
    int measure = peak_resident_bytes != NULL;
    if (measure) {
        *peak_resident_bytes = -1;
    }
    int output[2], messages[2];
    if (timeline_pipe(output) != 0) {
        return -1;
    }
    if (timeline_pipe(messages) != 0) {
        int saved = errno;
        close(output[0]);
        close(output[1]);
        errno = saved;
        return -1;
    }
    // Linux, measuring: a pipe that only the child's execve(2) closes (O_CLOEXEC), so that its
    // high-water mark is first read of its own address space, not of the forked copy of this one.
    int started[2] = {-1, -1};
#if defined(__linux__)
    if (measure && timeline_pipe(started) != 0) {
        started[0] = started[1] = -1;
    }
#endif
    pid_t child = timeline_start_limited(executable, arguments, environment, timeout_seconds, memory_bytes, output, messages);
    int executed = 0;
    if (started[1] >= 0) {
        int saved = errno;
        close(started[1]);
        char byte;
        while (child > 0 && read(started[0], &byte, 1) < 0 && errno == EINTR) {
        }
        close(started[0]);
        executed = child > 0;
        errno = saved;
    }
    if (child < 0) {
        int saved = errno;
        close(output[0]);
        close(output[1]);
        close(messages[0]);
        close(messages[1]);
        errno = saved;
        return -1;
    }
    close(output[1]);
    close(messages[1]);
    // Linux: the child's own high-water mark is read while it runs, every
    // TIMELINE_MEMORY_WATCH_MILLISECONDS: only what it takes in the last of them is not seen.
    int sample = executed;
    int64_t peak = -1;
    struct pollfd streams[2] = {{output[0], POLLIN, 0}, {messages[0], POLLIN, 0}};
    int open_streams = 2;
    int watch = memory_bytes > 0 && timeline_watches_memory();
    int64_t deadline = timeline_monotonic_milliseconds() + (int64_t)timeout_seconds * 1000;
    char buffer[16384];
    while (open_streams > 0) {
        if (sample) {
            int64_t now = timeline_child_resident_peak(child);
            peak = now > peak ? now : peak;
        }
        if (watch && timeline_child_footprint(child) > memory_bytes) {
            kill(child, SIGKILL);
            *over_memory = 1;
            break;
        }
        int wait = -1;
        if (timeout_seconds > 0) {
            int64_t left = deadline - timeline_monotonic_milliseconds();
            if (left <= 0) {
                kill(child, SIGKILL);
                *timed_out = 1;
                break;
            }
            wait = left > 1000000 ? 1000000 : (int)left;
        }
        if ((watch || sample) && (wait < 0 || wait > TIMELINE_MEMORY_WATCH_MILLISECONDS)) {
            wait = TIMELINE_MEMORY_WATCH_MILLISECONDS;
        }
        int ready = poll(streams, 2, wait);
        if (ready < 0) {
            if (errno == EINTR) {
                continue;
            }
            kill(child, SIGKILL);
            break;
        }
        for (int index = 0; index < 2; index++) {
            if (streams[index].fd < 0 || streams[index].revents == 0) {
                continue;
            }
            ssize_t count = read(streams[index].fd, buffer, sizeof buffer);
            if (count > 0) {
                handler(context, index + 1, buffer, (size_t)count);
            } else if (count == 0 || (errno != EINTR && errno != EAGAIN)) {
                close(streams[index].fd);
                streams[index].fd = -1;
                open_streams--;
            }
        }
    }
    for (int index = 0; index < 2; index++) {
        if (streams[index].fd >= 0) {
            close(streams[index].fd);
        }
    }
    int64_t ended_peak = -1;
    int status = timeline_wait_for_exit(child, &ended_peak);
    if (measure) {
        *peak_resident_bytes = sample ? peak : ended_peak;
    }
    return status;
}
