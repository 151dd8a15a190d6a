#ifndef TIMELINE_CFILEWATCH_H
#define TIMELINE_CFILEWATCH_H

#include <stdint.h>

/// A thin layer over Linux inotify, so Swift needs no macros or variable-length structs.
/// Every function returns -1 with errno set where inotify is missing (ENOSYS off Linux).

/// The mask the watcher asks for: files created, written, moved, deleted, and folders moved or
/// deleted themselves.
uint32_t timeline_watch_mask(void);

/// Opens an inotify instance (non-blocking, close-on-exec). Returns its descriptor.
int timeline_watch_open(void);

/// Watches one folder (not its subfolders). Returns the watch descriptor.
int timeline_watch_add(int fd, const char *path);

/// One event decoded from a read buffer.
typedef struct {
    int32_t watch;       ///< the watch descriptor the event belongs to, -1 for a queue overflow
    uint32_t mask;
    const char *name;    ///< the entry's name inside the watched folder ("" when none); points into the buffer
    int32_t is_directory;
    int32_t appeared;    ///< created in, or moved into, the watched folder
    int32_t overflowed;
    int32_t watch_removed;
} timeline_watch_event;

/// Decodes the event at `offset` of `buffer` (of `length` bytes from read()). Returns the offset
/// of the next event, or -1 when no whole event starts at `offset`.
long timeline_watch_next(const char *buffer, long length, long offset, timeline_watch_event *event);

#endif
