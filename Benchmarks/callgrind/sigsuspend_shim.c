/* Preloaded into `timeline` under valgrind 3.19 (Benchmarks/callgrind/count.sh): valgrind writes
   into the signal mask given to rt_sigsuspend, and libdispatch's main thread passes one in
   read-only memory, which crashes valgrind itself. The mask is copied to the stack first. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, sizeof(unsigned long));
}
