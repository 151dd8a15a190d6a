#ifndef TIMELINE_CSYSTEMSUPPORT_H
#define TIMELINE_CSYSTEMSUPPORT_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, or -1 with errno set; errno is ENOSYS where the system cannot do it.
int timeline_exchange_paths(const char *first, const char *second);

#endif
