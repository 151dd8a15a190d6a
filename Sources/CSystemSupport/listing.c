#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include "CSystemSupport.h"

int timeline_open_directory_for_listing(const char *path) {
    int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
#if defined(__linux__) && defined(O_NOATIME)
    // open(2): O_NOATIME is refused with EPERM unless the caller owns the file (or may).
    int descriptor = open(path, flags | O_NOATIME);
    if (descriptor >= 0 || errno != EPERM) {
        return descriptor;
    }
#endif
    return open(path, flags);
}
