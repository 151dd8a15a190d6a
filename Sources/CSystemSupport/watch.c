#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "CSystemSupport.h"

#if defined(__linux__)
#include <sys/inotify.h>

struct timeline_watch {
    int descriptor;
};

static uint32_t watch_mask(void) {
    return IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR;
}

int timeline_watch_is_per_folder(void) { return 1; }

timeline_watch *timeline_watch_open(void) {
    int descriptor = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (descriptor < 0) {
        return NULL;
    }
    timeline_watch *watch = malloc(sizeof *watch);
    if (watch == NULL) {
        close(descriptor);
        errno = ENOMEM;
        return NULL;
    }
    watch->descriptor = descriptor;
    return watch;
}

int timeline_watch_descriptor(const timeline_watch *watch) { return watch->descriptor; }

int timeline_watch_add(timeline_watch *watch, const char *path) {
    return inotify_add_watch(watch->descriptor, path, watch_mask());
}

int timeline_watch_trees(timeline_watch *watch, const char *const roots[], int count) {
    (void)watch;
    (void)roots;
    (void)count;
    errno = ENOSYS;
    return -1;
}

void timeline_watch_close(timeline_watch *watch) {
    if (watch == NULL) {
        return;
    }
    close(watch->descriptor);
    free(watch);
}

long timeline_watch_next(const char *buffer, long length, long offset, timeline_watch_event *event) {
    if (offset < 0 || length - offset < (long)sizeof(struct inotify_event)) {
        return -1;
    }
    struct inotify_event header;
    memcpy(&header, buffer + offset, sizeof header);
    long end = offset + (long)sizeof header + (long)header.len;
    if (end > length) {
        return -1;
    }
    event->watch = header.wd;
    event->mask = header.mask;
    event->name = header.len > 0 ? buffer + offset + sizeof header : "";
    event->is_directory = (header.mask & IN_ISDIR) != 0;
    event->appeared = (header.mask & (IN_CREATE | IN_MOVED_TO)) != 0;
    event->overflowed = (header.mask & IN_Q_OVERFLOW) != 0;
    event->watch_removed = (header.mask & IN_IGNORED) != 0;
    return end;
}

#elif defined(__APPLE__)
// FSEvents (CoreServices/FSEvents.h, "File System Events Programming Guide"): one stream over
// the roots' parent folders, created with kFSEventStreamCreateFlagFileEvents so that each event
// names the file, and scheduled on a serial dispatch queue (FSEventStreamSetDispatchQueue).
// The callback passes each event at or under a root into one end of a local datagram socket
// pair (socketpair(2)), one datagram per event, which the Swift side reads like inotify's
// descriptor. FSEvents reports real paths (/private/var/… for /var/…), so each root is also
// kept resolved (realpath(3)) and an event's path is given back under the root as the caller
// named it.
#include <CoreServices/CoreServices.h>
#include <dispatch/dispatch.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <sys/socket.h>

/// A record flag of our own, above every FSEvents flag: events were lost, rescan.
#define RECORD_OVERFLOWED 0x80000000u

typedef struct {
    uint32_t flags;
    uint32_t length; // of the path that follows, with its terminating zero
} watch_record;

typedef struct {
    char *given;
    char *resolved;
} watch_root;

struct timeline_watch {
    int read_end;
    int write_end;
    FSEventStreamRef stream;
    dispatch_queue_t queue;
    watch_root *roots;
    int root_count;
    atomic_int lost; // a datagram could not be sent: the next one says events were lost
};

int timeline_watch_is_per_folder(void) { return 0; }

timeline_watch *timeline_watch_open(void) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, ends) != 0) {
        return NULL;
    }
    timeline_watch *watch = calloc(1, sizeof *watch);
    if (watch == NULL) {
        close(ends[0]);
        close(ends[1]);
        errno = ENOMEM;
        return NULL;
    }
    watch->read_end = ends[0];
    watch->write_end = ends[1];
    for (int index = 0; index < 2; index++) {
        fcntl(ends[index], F_SETFD, FD_CLOEXEC);
        fcntl(ends[index], F_SETFL, fcntl(ends[index], F_GETFL) | O_NONBLOCK);
        int on = 1;
        setsockopt(ends[index], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
    }
    // Room for a burst (a theme copied in): a path is at most PATH_MAX bytes.
    int size = 1 << 20;
    setsockopt(ends[1], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    setsockopt(ends[0], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    atomic_init(&watch->lost, 0);
    return watch;
}

int timeline_watch_descriptor(const timeline_watch *watch) { return watch->read_end; }

int timeline_watch_add(timeline_watch *watch, const char *path) {
    (void)watch;
    (void)path;
    errno = ENOSYS;
    return -1;
}

static void send_record(timeline_watch *watch, uint32_t flags, const char *first, const char *second) {
    char buffer[sizeof(watch_record) + 2 * PATH_MAX];
    size_t first_length = strlen(first);
    size_t second_length = strlen(second);
    if (first_length + second_length + 1 > 2 * PATH_MAX) {
        flags = RECORD_OVERFLOWED;
        first_length = 0;
        second_length = 0;
    }
    if (atomic_exchange(&watch->lost, 0)) {
        flags |= RECORD_OVERFLOWED;
    }
    watch_record record = {.flags = flags, .length = (uint32_t)(first_length + second_length + 1)};
    memcpy(buffer, &record, sizeof record);
    memcpy(buffer + sizeof record, first, first_length);
    memcpy(buffer + sizeof record + first_length, second, second_length);
    buffer[sizeof record + first_length + second_length] = 0;
    if (send(watch->write_end, buffer, sizeof record + record.length, 0) < 0) {
        atomic_store(&watch->lost, 1);
    }
}

static void stream_callback(ConstFSEventStreamRef stream, void *info, size_t count, void *paths,
                            const FSEventStreamEventFlags flags[], const FSEventStreamEventId ids[]) {
    (void)stream;
    (void)ids;
    timeline_watch *watch = info;
    char **names = paths;
    const FSEventStreamEventFlags lost = kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
        | kFSEventStreamEventFlagKernelDropped | kFSEventStreamEventFlagRootChanged;
    for (size_t index = 0; index < count; index++) {
        if (flags[index] & lost) {
            send_record(watch, RECORD_OVERFLOWED, "", "");
            continue;
        }
        const char *path = names[index];
        for (int root = 0; root < watch->root_count; root++) {
            const char *resolved = watch->roots[root].resolved;
            size_t length = strlen(resolved);
            if (strncmp(path, resolved, length) == 0 && (path[length] == 0 || path[length] == '/')) {
                send_record(watch, (uint32_t)flags[index], watch->roots[root].given, path + length);
                break;
            }
        }
    }
}

/// The real path of `path`, or of its parent folder followed by its name when it does not
/// exist (yet); NULL when neither resolves.
static char *resolve(const char *path) {
    char resolved[PATH_MAX];
    if (realpath(path, resolved) != NULL) {
        return strdup(resolved);
    }
    const char *slash = strrchr(path, '/');
    char parent[PATH_MAX];
    const char *name = path;
    if (slash == NULL) {
        strcpy(parent, ".");
    } else {
        size_t length = slash == path ? 1 : (size_t)(slash - path);
        if (length >= sizeof parent) {
            return NULL;
        }
        memcpy(parent, path, length);
        parent[length] = 0;
        name = slash + 1;
    }
    if (realpath(parent, resolved) == NULL || strlen(resolved) + strlen(name) + 2 > sizeof resolved) {
        return NULL;
    }
    if (strcmp(resolved, "/") != 0) {
        strcat(resolved, "/");
    }
    strcat(resolved, name);
    return strdup(resolved);
}

static void do_nothing(void *context) { (void)context; }

int timeline_watch_trees(timeline_watch *watch, const char *const roots[], int count) {
    watch->roots = calloc((size_t)count, sizeof(watch_root));
    CFMutableArrayRef watched = CFArrayCreateMutable(kCFAllocatorDefault, count, &kCFTypeArrayCallBacks);
    if (watch->roots == NULL || watched == NULL) {
        if (watched != NULL) {
            CFRelease(watched);
        }
        errno = ENOMEM;
        return -1;
    }
    for (int index = 0; index < count; index++) {
        char *resolved = resolve(roots[index]);
        if (resolved == NULL) {
            CFRelease(watched);
            errno = ENOENT;
            return -1;
        }
        watch->roots[watch->root_count].given = strdup(roots[index]);
        watch->roots[watch->root_count].resolved = resolved;
        watch->root_count += 1;
        // The parent folder is watched, so that a root made or replaced later is seen too.
        char parent[PATH_MAX];
        strncpy(parent, resolved, sizeof parent - 1);
        parent[sizeof parent - 1] = 0;
        char *slash = strrchr(parent, '/');
        if (slash != NULL) {
            *(slash == parent ? slash + 1 : slash) = 0;
        }
        CFStringRef folder = CFStringCreateWithFileSystemRepresentation(kCFAllocatorDefault, parent);
        if (folder != NULL) {
            CFArrayAppendValue(watched, folder);
            CFRelease(folder);
        }
    }
    FSEventStreamContext context = {.version = 0, .info = watch, .retain = NULL, .release = NULL, .copyDescription = NULL};
    watch->stream = FSEventStreamCreate(kCFAllocatorDefault, stream_callback, &context, watched, kFSEventStreamEventIdSinceNow, 0.05,
                                        kFSEventStreamCreateFlagNoDefer | kFSEventStreamCreateFlagFileEvents);
    CFRelease(watched);
    if (watch->stream == NULL) {
        errno = EIO;
        return -1;
    }
    watch->queue = dispatch_queue_create("timeline.file-watch", DISPATCH_QUEUE_SERIAL);
    FSEventStreamSetDispatchQueue(watch->stream, watch->queue);
    if (!FSEventStreamStart(watch->stream)) {
        errno = EIO;
        return -1;
    }
    return 0;
}

void timeline_watch_close(timeline_watch *watch) {
    if (watch == NULL) {
        return;
    }
    if (watch->stream != NULL) {
        FSEventStreamStop(watch->stream);
        FSEventStreamInvalidate(watch->stream);
        FSEventStreamRelease(watch->stream);
    }
    if (watch->queue != NULL) {
        // A callback already running finishes before the socket and roots go away.
        dispatch_sync_f(watch->queue, NULL, do_nothing);
        dispatch_release(watch->queue);
    }
    for (int index = 0; index < watch->root_count; index++) {
        free(watch->roots[index].given);
        free(watch->roots[index].resolved);
    }
    free(watch->roots);
    close(watch->read_end);
    close(watch->write_end);
    free(watch);
}

long timeline_watch_next(const char *buffer, long length, long offset, timeline_watch_event *event) {
    if (offset < 0 || length - offset < (long)sizeof(watch_record)) {
        return -1;
    }
    watch_record record;
    memcpy(&record, buffer + offset, sizeof record);
    long end = offset + (long)sizeof record + (long)record.length;
    if (record.length == 0 || end > length || buffer[end - 1] != 0) {
        return -1;
    }
    event->watch = -1;
    event->mask = record.flags;
    event->name = buffer + offset + sizeof record;
    event->is_directory = (record.flags & kFSEventStreamEventFlagItemIsDir) != 0;
    event->appeared = (record.flags & (kFSEventStreamEventFlagItemCreated | kFSEventStreamEventFlagItemRenamed)) != 0;
    event->overflowed = (record.flags & RECORD_OVERFLOWED) != 0;
    event->watch_removed = 0;
    return end;
}

#else

int timeline_watch_is_per_folder(void) { return 1; }
timeline_watch *timeline_watch_open(void) { errno = ENOSYS; return NULL; }
int timeline_watch_descriptor(const timeline_watch *watch) { (void)watch; return -1; }
int timeline_watch_add(timeline_watch *watch, const char *path) { (void)watch; (void)path; errno = ENOSYS; return -1; }
int timeline_watch_trees(timeline_watch *watch, const char *const roots[], int count) {
    (void)watch; (void)roots; (void)count; errno = ENOSYS; return -1;
}
void timeline_watch_close(timeline_watch *watch) { (void)watch; }
long timeline_watch_next(const char *buffer, long length, long offset, timeline_watch_event *event) {
    (void)buffer; (void)length; (void)offset; (void)event;
    return -1;
}

#endif
