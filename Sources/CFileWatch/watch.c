#include <errno.h>
#include <stddef.h>
#include <string.h>
#include "CFileWatch.h"

#if defined(__linux__)
#include <sys/inotify.h>

uint32_t timeline_watch_mask(void) {
    return IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR;
}

int timeline_watch_open(void) {
    return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
}

int timeline_watch_add(int fd, const char *path) {
    return inotify_add_watch(fd, path, timeline_watch_mask());
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

#else

uint32_t timeline_watch_mask(void) { return 0; }
int timeline_watch_open(void) { errno = ENOSYS; return -1; }
int timeline_watch_add(int fd, const char *path) { (void)fd; (void)path; errno = ENOSYS; return -1; }
long timeline_watch_next(const char *buffer, long length, long offset, timeline_watch_event *event) {
    (void)buffer; (void)length; (void)offset; (void)event;
    return -1;
}

#endif
