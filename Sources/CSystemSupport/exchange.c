#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "CSystemSupport.h"

int timeline_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    // rename(2) on macOS: renamex_np(from, to, RENAME_SWAP) swaps the two names atomically
    // (macOS 10.12 and later; ENOTSUP on a file system that cannot).
    return renamex_np(first, second, RENAME_SWAP);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
