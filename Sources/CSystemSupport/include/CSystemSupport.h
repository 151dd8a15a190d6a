#ifndef TIMELINE_CSYSTEMSUPPORT_H
#define TIMELINE_CSYSTEMSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// What the platform layer (Sources/TimelineSystem) needs that swift-system lacks, with the
/// Linux and Darwin branches side by side in each .c file. Every function returns -1 with errno
/// set on failure; errno is ENOSYS where the system cannot do it at all.

// MARK: Files (exchange.c)

/// Atomically exchanges two paths: Linux renameat2(2) with RENAME_EXCHANGE, Darwin
/// renamex_np(2) with RENAME_SWAP.
int timeline_exchange_paths(const char *first, const char *second);

/// Opens a directory to list it (O_RDONLY | O_DIRECTORY | O_CLOEXEC). On Linux, without
/// updating its access time where the caller may (O_NOATIME, retried without it on EPERM);
/// Darwin has no such flag.
int timeline_open_directory_for_listing(const char *path);

// MARK: The running program (process.c)

/// Writes the path of the running executable, zero-terminated, into `buffer` of `size` bytes:
/// Linux readlink(2) of /proc/self/exe, Darwin _NSGetExecutablePath(3) from <mach-o/dyld.h>.
int timeline_executable_path(char *buffer, size_t size);

/// The most memory the process has held resident (getrusage(2)'s ru_maxrss), in bytes: Linux
/// reports kilobytes, Darwin bytes. -1 when unknown.
int64_t timeline_peak_resident_bytes(void);

/// Hands freed heap memory back to the system: glibc's malloc_trim(3), Darwin's
/// malloc_zone_pressure_relief(3). Does nothing elsewhere.
void timeline_release_free_memory(void);

/// The real-time clock in nanoseconds since 1970 (clock_gettime(2) with CLOCK_REALTIME, which
/// Darwin has had since 10.12).
int64_t timeline_wall_clock_nanoseconds(void);

/// free(3) and strdup(3), for memory C libraries hand over.
void timeline_free(void *pointer);
char *timeline_duplicate_string(const char *text);

/// Whether `descriptor` is a terminal (isatty(3)).
int timeline_is_terminal(int descriptor);

/// Starts `executable` with `arguments` (null-terminated) and the process's environment, its
/// standard output and error written to the file `messages`, and waits for it to exit
/// (posix_spawn(2), waitpid(2)); for a program that starts a daemon and returns. Returns its
/// exit status (or 128 + the signal that ended it).
int timeline_spawn_and_wait(const char *executable, const char *const arguments[], const char *messages);

/// Receives what a child of `timeline_run_limited` writes: `stream` is 1 (standard output) or 2
/// (standard error).
typedef void (*timeline_output_handler)(void *context, int stream, const char *bytes, size_t length);

/// Runs `executable` with `arguments` (null-terminated) and the process's environment, its
/// standard input /dev/null and its standard output and error read through pipes and handed to
/// `handler` as they come (poll(2), waitpid(2)). It is killed with SIGKILL when
/// `timeout_seconds` of wall-clock time have passed (`*timed_out` is then 1). Its memory is
/// bounded by `memory_bytes` (0 for no limit):
/// - Linux: fork(2), then in the child setrlimit(2) of its address space (RLIMIT_AS) to
///   `memory_bytes` and of its processor time (RLIMIT_CPU) to `timeout_seconds`, then execve(2);
///   an allocation past the limit fails inside the child.
/// - Darwin, whose kernel refuses RLIMIT_AS below what is already mapped: posix_spawn(2) with
///   POSIX_SPAWN_CLOEXEC_DEFAULT, no resource limits, and a memory watch: every 100 ms the
///   child's physical footprint (proc_pid_rusage(2)) is measured, and the child is killed with
///   SIGKILL once it holds more than `memory_bytes` (`*over_memory` is then 1).
/// When `peak_resident_bytes` is not NULL, it is set to the most memory the child held resident,
/// in bytes (-1 when unknown):
/// - Linux: its own high-water mark, VmHWM of /proc/<pid>/status, read from its execve(2) on
///   every 100 ms (wait4(2)'s ru_maxrss there also counts the forked copy of this process).
/// - Darwin: ru_maxrss from wait4(2) of the posix_spawn(2)ed child.
/// Returns its exit status (or 128 + the signal that ended it), or -1 with errno when it could
/// not start.
int timeline_run_limited(const char *executable, const char *const arguments[], int timeout_seconds, int64_t memory_bytes,
                         timeline_output_handler handler, void *context, int *timed_out, int *over_memory,
                         int64_t *peak_resident_bytes);

// MARK: Loopback sockets (socket.c)

/// A TCP connection to 127.0.0.1:`port` whose reads give up after `receive_timeout_seconds`.
/// A write to it never raises SIGPIPE (Linux: MSG_NOSIGNAL on each send; Darwin: SO_NOSIGPIPE).
int timeline_loopback_connect(int port, int receive_timeout_seconds);

/// A socket listening on a free loopback port; its port in `port`.
int timeline_loopback_listen(int *port);

/// A port nobody listens on: the one the system gives a socket bound to port 0, closed again.
int timeline_loopback_free_port(void);

/// Sends all of `length` bytes (through short writes and interruptions).
int timeline_socket_send_all(int socket, const void *bytes, size_t length);

// MARK: File watching (watch.c)

/// Linux: an inotify instance (inotify(7)); each folder is watched on its own and events name
/// an entry of a watched folder. Darwin: one FSEvents stream (FSEventStreamCreate with file
/// events, on a dispatch queue) over whole trees, whose events arrive as whole paths through a
/// local datagram socket. Either way events are read from `timeline_watch_descriptor` and
/// decoded with `timeline_watch_next`.
typedef struct timeline_watch timeline_watch;

/// Whether watches are per folder (inotify: 1) or per tree (FSEvents: 0).
int timeline_watch_is_per_folder(void);

/// Opens the event source; NULL with errno set when the system has none.
timeline_watch *timeline_watch_open(void);

/// The descriptor to poll and read events from (non-blocking, close-on-exec).
int timeline_watch_descriptor(const timeline_watch *watch);

/// Linux: watches one folder (not its subfolders); returns the watch descriptor. ENOSYS on Darwin.
int timeline_watch_add(timeline_watch *watch, const char *path);

/// Darwin: watches the trees at `roots` (which need not exist yet: their parent folders are
/// watched, and only events at or under a root are passed on, named by the root as given).
/// Returns 0, or -1 with errno set. ENOSYS on Linux.
int timeline_watch_trees(timeline_watch *watch, const char *const roots[], int count);

/// Stops watching and frees everything `timeline_watch_open` made.
void timeline_watch_close(timeline_watch *watch);

/// One event decoded from a read buffer.
typedef struct {
    int32_t watch;       ///< inotify: the watch descriptor the event belongs to; FSEvents: -1
    uint32_t mask;
    const char *name;    ///< inotify: the entry's name in the watched folder ("" when none);
                         ///< FSEvents: the whole path. Points into the buffer.
    int32_t is_directory;
    int32_t appeared;    ///< created in, or moved into, the watched folder
    int32_t overflowed;  ///< events were lost: rescan
    int32_t watch_removed;
} timeline_watch_event;

/// Decodes the event at `offset` of `buffer` (of `length` bytes from read()). Returns the offset
/// of the next event, or -1 when no whole event starts at `offset`.
long timeline_watch_next(const char *buffer, long length, long offset, timeline_watch_event *event);

#endif
