#!/usr/bin/env bash
# Fails when OS-specific code lives outside the platform layer (issue 35).
#
# Usage: scripts/check-portability.sh [--root DIR]    (checks the checkout, or DIR)
#        scripts/check-portability.sh --self-test     (shows that the check catches a planted
#                                                      file, on a temporary copy of the tree)
#
# Every Swift and C file (.swift .c .h) under Sources/, Tests/, Fuzz/Sources/ and Plugins/,
# except those of the platform layer, Sources/TimelineSystem/ and Sources/CSystemSupport/,
# must not
#   (a) import or condition on the C library or the OS directly (import Glibc, canImport(Darwin),
#       Glibc.rename, #if os(Linux), #if defined(__linux__), #include <linux/…>), nor
#   (b) name a symbol, header or path that exists on Linux (or glibc) only, or on Darwin only:
#       the RULES below, each with the reason and the portable way.
# Every shell script under scripts/ (but this one) must not use a GNU-only tool form (sed -i,
# stat -c, find -printf, nproc, /proc, …) unless it declares itself Linux-only with a
# top-level `require_linux "reason"` line (scripts/lib/common.sh), nor a bash 4 or 5 feature
# (macOS's /bin/bash is 3.2) unless it declares `require_bash N "reason"` (or require_linux).
#
# Comments are not checked: in Swift and C, // to the end of the line and /* … */ (over lines
# too); in shell, a line starting with # and the rest of a line from " # ". In Swift and C,
# string literals are checked for paths ("/proc/self/exe" lives in one) and a one-word string
# for symbols too (dlsym(nil, "malloc_trim")), but a string with a space in it is prose (a help
# text, a test's name) and is not checked for symbols. A line of a shell script with a trailing
# "# portable: …" comment (a GNU form tried first, with a fallback) is skipped.
#
# Prints one line per hit, "path:line: symbol: reason", sorted by path and line, and a count;
# exits 1 on any hit, 0 when there is none, 2 on a usage error. Uses only POSIX tools (find,
# grep, awk, tr, xargs, sort, comm, cmp), so it runs the same on macOS.
set -euo pipefail

# The rules: scope | kind | token | reason. Scope: code (Swift and C files outside the layer),
# sh (shell scripts not declared Linux-only), bash (shell scripts that declare neither
# require_bash nor require_linux). Kind: word (the token with identifier boundaries where it
# begins or ends with a letter, digit or _; a trailing * makes it a prefix), text (a plain
# substring), itext (the same, in any case), cmd (a shell command word: at the start of a
# command, after a space, ; | & ( or `), re (an extended regular expression, matched against
# the line with a space before and after it). A token holds no |.
rules() {
  cat <<'RULES'
# -- (a) Importing or conditioning on the C library or the OS: only the platform layer does.
code | word | import Glibc           | the C library is the platform layer's: use TimelineSystem (on swift-system) instead
code | word | import Musl            | the C library is the platform layer's: use TimelineSystem instead
code | word | import Darwin          | the C library is the platform layer's: use TimelineSystem instead
code | word | import Bionic          | the C library is the platform layer's: use TimelineSystem instead
code | word | import Android         | the C library is the platform layer's: use TimelineSystem instead
code | word | import ucrt            | the C library is the platform layer's: use TimelineSystem instead
code | word | import WASILibc        | the C library is the platform layer's: use TimelineSystem instead
code | word | canImport(Glibc)       | a condition on the C library belongs in the platform layer
code | word | canImport(Musl)        | a condition on the C library belongs in the platform layer
code | word | canImport(Darwin)      | a condition on the C library belongs in the platform layer
code | word | canImport(Bionic)      | a condition on the C library belongs in the platform layer
code | word | canImport(Android)     | a condition on the C library belongs in the platform layer
code | word | Glibc.                 | a name qualified by the C library's module belongs in the platform layer
code | word | Musl.                  | a name qualified by the C library's module belongs in the platform layer
code | word | Darwin.                | a name qualified by the C library's module belongs in the platform layer
code | word | os(Linux)              | a condition on the OS belongs in the platform layer (ask it what the system can do)
code | word | os(macOS)              | a condition on the OS belongs in the platform layer (ask it what the system can do)
code | word | os(Android)            | a condition on the OS belongs in the platform layer
code | word | os(FreeBSD)            | a condition on the OS belongs in the platform layer
code | word | os(Windows)            | a condition on the OS belongs in the platform layer
code | word | __linux__              | a C condition on the OS belongs in Sources/CSystemSupport/
code | word | __linux                | a C condition on the OS belongs in Sources/CSystemSupport/
code | word | __gnu_linux__          | a C condition on the OS belongs in Sources/CSystemSupport/
code | word | __GLIBC__              | a C condition on glibc belongs in Sources/CSystemSupport/
code | word | _GNU_SOURCE            | glibc's GNU extensions belong in Sources/CSystemSupport/
code | word | __USE_GNU              | glibc's GNU extensions belong in Sources/CSystemSupport/
code | word | __APPLE__              | a C condition on the OS belongs in Sources/CSystemSupport/
code | word | __MACH__               | a C condition on the OS belongs in Sources/CSystemSupport/
code | word | TargetConditionals.h   | a C condition on Apple's platforms belongs in Sources/CSystemSupport/
# -- (b) Linux-only and glibc-only headers (absent from macOS's SDK).
code | text | <linux/                | Linux kernel headers: absent on macOS
code | text | <gnu/                  | glibc's own headers: absent on macOS
code | text | <features.h>           | glibc's feature header: absent on macOS
code | text | <malloc.h>             | glibc's malloc header: macOS has <malloc/malloc.h> with other functions
code | text | <endian.h>             | absent on macOS (<machine/endian.h>, OSByteOrder)
code | text | <byteswap.h>           | absent on macOS (<libkern/OSByteOrder.h>)
code | text | <mntent.h>             | absent on macOS (getmntinfo)
code | text | <sys/vfs.h>            | absent on macOS (<sys/mount.h>)
code | text | <sys/statfs.h>         | absent on macOS (<sys/mount.h>)
code | text | <sys/sysinfo.h>        | absent on macOS (sysctl)
code | text | <sys/auxv.h>           | absent on macOS
code | text | <sys/fsuid.h>          | absent on macOS
code | text | <pty.h>                | absent on macOS (<util.h>)
# -- (b) Linux-only and glibc-only symbols that Swift or C code could plausibly call.
code | word | st_mtim                | raw stat's time fields are st_mtimespec on Darwin
code | word | st_atim                | raw stat's time fields are st_atimespec on Darwin
code | word | st_ctim                | raw stat's time fields are st_ctimespec on Darwin
code | word | MSG_NOSIGNAL           | Linux send flag: Darwin has none (SO_NOSIGPIPE on the socket)
code | word | MSG_MORE               | Linux send flag: absent on Darwin
code | word | SOCK_STREAM.rawValue   | glibc imports the socket types as an enum; on Darwin SOCK_STREAM is an Int32
code | word | SOCK_DGRAM.rawValue    | glibc imports the socket types as an enum; on Darwin SOCK_DGRAM is an Int32
code | word | SOCK_RAW.rawValue      | glibc imports the socket types as an enum; on Darwin SOCK_RAW is an Int32
code | word | SOCK_SEQPACKET.rawValue | glibc imports the socket types as an enum; on Darwin an Int32
code | word | SOCK_CLOEXEC           | Linux socket() flag: absent on Darwin (fcntl FD_CLOEXEC)
code | word | SOCK_NONBLOCK          | Linux socket() flag: absent on Darwin (fcntl O_NONBLOCK)
code | word | TCP_CORK               | Linux socket option: Darwin has TCP_NOPUSH
code | word | SO_PEERCRED            | Linux socket option: Darwin has LOCAL_PEERCRED
code | word | __rusage_who*          | glibc's enum type for getrusage's first argument: Darwin takes an Int32
code | word | RUSAGE_SELF.rawValue   | glibc imports RUSAGE_* as an enum; on Darwin RUSAGE_SELF is an Int32
code | word | RUSAGE_CHILDREN.rawValue | glibc imports RUSAGE_* as an enum; on Darwin an Int32
code | word | RUSAGE_THREAD          | Linux only
code | itext | inotify               | Linux's file watching: Darwin has FSEvents and kqueue
code | word | fanotify*              | Linux's file watching: absent on Darwin
code | word | epoll*                 | Linux's event polling: Darwin has kqueue
code | word | EPOLL*                 | Linux's event polling: Darwin has kqueue
code | word | signalfd*              | Linux only (Darwin: kqueue EVFILT_SIGNAL)
code | word | eventfd*               | Linux only (Darwin: a pipe or kqueue EVFILT_USER)
code | word | timerfd*               | Linux only (Darwin: kqueue EVFILT_TIMER)
code | word | memfd_create           | Linux only
code | word | O_PATH                 | Linux open flag: absent on Darwin
code | word | O_TMPFILE              | Linux open flag: absent on Darwin
code | word | O_NOATIME              | Linux open flag: absent on Darwin
code | word | O_DIRECT               | Linux open flag: Darwin has fcntl F_NOCACHE
code | word | O_LARGEFILE            | glibc open flag: absent on Darwin (off_t is 64 bits there)
code | word | AT_EMPTY_PATH          | Linux *at() flag: absent on Darwin
code | word | AT_NO_AUTOMOUNT        | Linux *at() flag: absent on Darwin
code | word | F_OFD_*                | Linux open-file-description locks: absent on Darwin
code | word | F_SETPIPE_SZ           | Linux only
code | word | renameat2              | Linux only (Darwin: renameatx_np)
code | word | RENAME_EXCHANGE        | Linux renameat2 flag (Darwin: RENAME_SWAP with renameatx_np)
code | word | RENAME_NOREPLACE       | Linux renameat2 flag (Darwin: RENAME_EXCL with renameatx_np)
code | word | statx                  | Linux only
code | word | getdents*              | Linux only (use readdir)
code | word | copy_file_range        | Linux only (Darwin: copyfile, fcopyfile, clonefile)
code | word | FICLONE*               | Linux ioctl (Darwin: clonefile)
code | word | splice                 | Linux only
code | word | vmsplice               | Linux only
code | word | sendfile               | Linux's sendfile(out, in, offset, count) has another signature on Darwin
code | word | sync_file_range        | Linux only
code | word | syncfs                 | Linux only
code | word | readahead              | Linux only (Darwin: fcntl F_RDADVISE)
code | word | posix_fadvise          | absent on Darwin (fcntl F_RDADVISE)
code | word | posix_fallocate        | absent on Darwin (fcntl F_PREALLOCATE)
code | word | fallocate*             | Linux only (Darwin: fcntl F_PREALLOCATE)
code | word | FALLOC_FL_*            | Linux fallocate flags
code | word | pipe2                  | absent on Darwin (pipe, then fcntl)
code | word | dup3                   | absent on Darwin (dup2, then fcntl)
code | word | accept4                | absent on Darwin (accept, then fcntl)
code | word | ppoll                  | absent on Darwin (poll)
code | word | sigtimedwait           | absent on Darwin
code | word | sigwaitinfo            | absent on Darwin
code | word | SIGRTMIN               | Linux real-time signals: absent on Darwin
code | word | SIGRTMAX               | Linux real-time signals: absent on Darwin
code | word | SIGPWR                 | Linux only
code | word | SIGSTKFLT              | Linux only
code | word | malloc_trim            | glibc's allocator only (Darwin: malloc_zone_pressure_relief)
code | word | mallinfo*              | glibc's allocator only (Darwin: malloc_zone_statistics)
code | word | malloc_usable_size     | glibc only (Darwin: malloc_size)
code | word | mallopt                | glibc only
code | word | memalign               | glibc only (posix_memalign is portable)
code | word | pvalloc                | glibc only
code | word | memrchr                | glibc only
code | word | rawmemchr              | glibc only
code | word | strchrnul              | glibc only
code | word | mempcpy                | glibc only
code | word | strverscmp             | glibc only
code | word | strerror_r             | glibc's GNU strerror_r returns a pointer, Darwin's an Int32 (use strerror)
code | word | qsort_r                | the comparator's argument order differs between glibc and Darwin
code | word | fopencookie            | glibc only (Darwin: funopen)
code | word | explicit_bzero         | glibc only (Darwin: memset_s)
code | word | euidaccess             | glibc only (faccessat with AT_EACCESS)
code | word | get_current_dir_name   | glibc only (getcwd)
code | word | program_invocation_name | glibc only (Darwin: getprogname)
code | word | program_invocation_short_name | glibc only (Darwin: getprogname)
code | word | __errno_location       | glibc's errno accessor (Darwin: __error)
code | word | __environ              | glibc only
code | word | secure_getenv          | glibc only
code | word | clearenv               | glibc only
code | word | getrandom              | Linux only (getentropy is on both)
code | word | getauxval              | Linux only
code | word | dl_iterate_phdr        | ELF only
code | word | gettid                 | Linux only (Darwin: pthread_threadid_np)
code | word | sched_getaffinity      | Linux only (Darwin has no CPU affinity)
code | word | sched_setaffinity      | Linux only
code | word | sched_getcpu           | Linux only
code | word | CPU_SET*               | Linux CPU sets
code | word | get_nprocs*            | glibc only (sysconf(_SC_NPROCESSORS_ONLN))
code | word | sysinfo                | Linux only (Darwin: sysctl)
code | word | prctl                  | Linux only
code | word | personality            | Linux only
code | word | unshare                | Linux only
code | word | setns                  | Linux only
code | word | pthread_setname_np     | takes (thread, name) on glibc and only (name) on Darwin
code | word | pthread_getattr_np     | glibc only (Darwin: pthread_get_stacksize_np)
code | word | pthread_setaffinity_np | glibc only
code | word | pthread_timedjoin_np   | glibc only
code | word | pthread_tryjoin_np     | glibc only
code | word | pthread_t()            | pthread_t is an integer on glibc and a pointer on Darwin: no empty initialiser there
code | word | posix_spawn_file_actions_t() | an optional pointer on Darwin: no empty struct initialiser there
code | word | posix_spawnattr_t()    | an optional pointer on Darwin: no empty struct initialiser there
code | word | posix_spawn_file_actions_addclosefrom_np | glibc 2.34 only
code | word | CLOCK_BOOTTIME         | Linux clock (Darwin: CLOCK_MONOTONIC counts sleep already)
code | word | CLOCK_MONOTONIC_COARSE | Linux clock
code | word | CLOCK_REALTIME_COARSE  | Linux clock
code | word | CLOCK_TAI              | Linux clock
code | word | stat64                 | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | fstat64                | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | lstat64                | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | fstatat64              | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | readdir64              | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | dirent64               | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | open64                 | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | lseek64                | glibc's 64-bit variants: Darwin's plain calls are 64-bit
code | word | off64_t                | glibc's 64-bit variants: Darwin's off_t is 64-bit
# -- (b) Linux-only paths.
code | text | /proc/                 | procfs is Linux's (Darwin: sysctl, proc_pidinfo, _NSGetExecutablePath)
code | text | /sys/fs                | sysfs is Linux's
code | text | /sys/devices           | sysfs is Linux's
code | text | /dev/shm               | absent on macOS
code | text | -linux-gnu/            | a Debian multiarch library path
code | text | /usr/bin/timeout       | GNU coreutils' timeout: absent on macOS
# -- Darwin-only symbols and headers: the platform layer's too, or the build breaks on Linux.
code | text | <mach/                 | Darwin only
code | text | <libkern/              | Darwin only
code | text | <sys/event.h>          | kqueue: Darwin and the BSDs only
code | text | <malloc/malloc.h>      | Darwin only
code | text | <crt_externs.h>        | Darwin only
code | text | <copyfile.h>           | Darwin only
code | word | st_mtimespec           | Darwin's name for st_mtim
code | word | st_atimespec           | Darwin's name for st_atim
code | word | st_ctimespec           | Darwin's name for st_ctim
code | word | st_birthtimespec       | Darwin only
code | word | sin_len                | BSD sockaddr field: absent on Linux
code | word | sin6_len               | BSD sockaddr field: absent on Linux
code | word | ss_len                 | BSD sockaddr field: absent on Linux
code | word | SO_NOSIGPIPE           | Darwin only (Linux: MSG_NOSIGNAL)
code | word | F_FULLFSYNC            | Darwin only
code | word | F_NOCACHE              | Darwin only
code | word | F_PREALLOCATE          | Darwin only
code | word | F_RDADVISE             | Darwin only
code | word | mach_*                 | Darwin's Mach interfaces
code | word | task_info              | Darwin's Mach interfaces
code | word | kqueue                 | Darwin and the BSDs only
code | word | kevent                 | Darwin and the BSDs only
code | word | FSEvent*               | Darwin only
code | word | clonefile              | Darwin only
code | word | fclonefileat           | Darwin only
code | word | copyfile               | Darwin only
code | word | fcopyfile              | Darwin only
code | word | renamex_np             | Darwin only
code | word | renameatx_np           | Darwin only
code | word | RENAME_SWAP            | Darwin only
code | word | RENAME_EXCL            | Darwin only
code | word | malloc_size            | Darwin only
code | word | malloc_zone_*          | Darwin only
code | word | _NSGetEnviron          | Darwin only
code | word | _NSGetExecutablePath   | Darwin only
code | word | __error                | Darwin's errno accessor
code | word | sysctlbyname           | Darwin and the BSDs only
code | word | os_unfair_lock*        | Darwin only
code | word | proc_pidinfo           | Darwin only
code | word | pthread_threadid_np    | Darwin only
# -- Shell scripts: GNU-only tool forms (fine in a script that calls require_linux).
sh | text | /proc/                   | procfs is Linux's: require_linux, or ps / sysctl
sh | itext | inotify                 | Linux's file watching: require_linux
sh | text | /dev/shm                 | absent on macOS: require_linux, or mktemp -d
sh | re   | [^A-Za-z0-9_-]sed( +-[A-Za-z]+)* +-[A-Za-z]*i | BSD sed -i needs a suffix argument: sed to a temporary file, then mv
sh | text | sed --in-place           | GNU only: sed to a temporary file, then mv
sh | re   | [^A-Za-z0-9_-]stat +-c   | GNU stat: wc -c <file for a size (BSD stat has -f)
sh | re   | [^A-Za-z0-9_-]stat +--format | GNU stat: wc -c <file for a size
sh | re   | [^A-Za-z0-9_-]stat +--printf | GNU stat: wc -c <file for a size
sh | text | -printf                  | GNU find only: find -exec, or a Linux-only script
sh | cmd  | nproc                    | GNU coreutils only: getconf _NPROCESSORS_ONLN (cpu_count in lib/common.sh)
sh | re   | [^A-Za-z0-9_-]date [^;]*%[0-9]*N | BSD date has no %N: bash 5's EPOCHREALTIME
sh | re   | [^A-Za-z0-9_-]time +-v   | GNU time only (BSD time has -l): require_linux
sh | re   | /usr/bin/time[^o]        | GNU time's -v record (peak memory) is Linux's; BSD time has -l: require_linux
sh | re   | [^A-Za-z0-9_-]du +-[A-Za-z]*b | BSD du has no -b
sh | text | --apparent-size          | GNU du only
sh | text | df --output              | GNU df only
sh | cmd  | setsid                   | absent on macOS
sh | cmd  | timeout                  | GNU coreutils only: absent on macOS
sh | cmd  | free                     | procps: absent on macOS
sh | cmd  | tac                      | GNU coreutils only (tail -r)
sh | cmd  | shuf                     | GNU coreutils only
sh | cmd  | sha256sum                | absent on macOS: sha256_digest (lib/common.sh) falls back to shasum -a 256
sh | cmd  | sha1sum                  | absent on macOS: shasum
sh | cmd  | md5sum                   | absent on macOS: md5 -r
sh | re   | [^A-Za-z0-9_-]grep( +-[A-Za-z]+)* +-[A-Za-z]*P | BSD grep has no -P: grep -E
# -- Shell scripts: bash 4 and 5 (macOS's /bin/bash is 3.2): require_bash N "reason" first.
bash | cmd  | mapfile                | bash 4
bash | cmd  | readarray              | bash 4
bash | re   | [^A-Za-z0-9_-]declare +-[A-Za-z]*A | associative arrays: bash 4
bash | re   | [^A-Za-z0-9_-]local +-[A-Za-z]*A   | associative arrays: bash 4
bash | text | ,,}                    | case conversion: bash 4
bash | text | ^^}                    | case conversion: bash 4
bash | text | [-1]}                  | negative array index: bash 4.3
bash | word | EPOCHREALTIME          | bash 5
bash | word | EPOCHSECONDS           | bash 5
RULES
}

# The awk program that applies the rules (read from the first file) to the files after it:
# Swift and C files with -v shell=0 (any number), or one shell script with -v shell=1 and
# -v path=…, where -v linux=1 / -v bash=1 exempt it from the sh / bash rules.
# shellcheck disable=SC2016
matcher='
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function ident(c) { return c != "" && index("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_", c) > 0 }
# word_at(s, token, prefix): whether token occurs in s with identifier boundaries.
function word_at(s, token, prefix,   start, at, position, length_, before, after) {
  length_ = length(token); start = 1
  while ((at = index(substr(s, start), token)) > 0) {
    position = start + at - 1
    before = position > 1 ? substr(s, position - 1, 1) : ""
    after = substr(s, position + length_, 1)
    if (!(ident(substr(token, 1, 1)) && ident(before)) && \
        (prefix || !(ident(substr(token, length_, 1)) && ident(after)))) return 1
    start = position + 1
  }
  return 0
}
# command_at(s, token): whether token occurs as a command word.
function command_at(s, token,   start, at, position, before, after) {
  start = 1
  while ((at = index(substr(s, start), token)) > 0) {
    position = start + at - 1
    before = position > 1 ? substr(s, position - 1, 1) : ""
    after = substr(s, position + length(token), 1)
    if ((before == "" || index(" \t;|&(`", before) > 0) && (after == "" || index(" \t;|&)`", after) > 0)) return 1
    start = position + 1
  }
  return 0
}
NR == FNR {
  if ($0 ~ /^#/ || $0 !~ /[|]/) next
  split($0, field, "|")
  scope = trim(field[1]); kind = trim(field[2]); token = trim(field[3])
  reason = $0; sub(/^[^|]*[|][^|]*[|][^|]*[|]/, "", reason); reason = trim(reason)
  if (shell && scope == "code") next
  if (!shell && scope != "code") next
  if (scope == "sh" && linux) next
  if (scope == "bash" && (linux || bash)) next
  rules++
  prefix[rules] = 0
  if (kind == "word" && substr(token, length(token), 1) == "*") { prefix[rules] = 1; token = substr(token, 1, length(token) - 1) }
  kinds[rules] = kind; tokens[rules] = token; reasons[rules] = reason
  if (kind == "itext") tokens[rules] = tolower(token)
  next
}
FNR == 1 {
  in_block = 0; in_multiline = 0
  if (!shell) { path = FILENAME; c_file = FILENAME ~ /[.][ch]$/ }
}
# split_code(line): sets literal (the line without its comments) and code (the same with the
# string literals that hold prose, i.e. a space, blanked out, but not their \( ) interpolations:
# a help text or a test name naming a symbol is documentation, a one-word string such as
# dlsym(nil, "malloc_trim") is not). /* */ blocks and the Swift """ strings go on over lines.
function split_code(line,   i, n, c, two, three, quote, buf, blank, depth) {
  code = ""; literal = ""; n = length(line); quote = ""; buf = ""; blank = ""; depth = 0
  for (i = 1; i <= n; i++) {
    c = substr(line, i, 1); two = substr(line, i, 2); three = substr(line, i, 3)
    if (in_block) {
      if (two == "*/") { in_block = 0; i++ }
      continue
    }
    if (in_multiline || quote != "") {
      literal = literal c
      if (depth > 0) {
        if (c == "(") depth++
        else if (c == ")") depth--
        buf = buf c; blank = blank c
      } else if (two == "\\(" && !c_file) {
        depth = 1; buf = buf two; blank = blank two; literal = literal "("; i++
      } else if (c == "\\") {
        buf = buf two; blank = blank "  "; literal = literal substr(two, 2); i++
      } else if (in_multiline && three == "\"\"\"") {
        in_multiline = 0; code = code blank three; literal = literal "\"\""; buf = ""; blank = ""; i += 2
      } else if (!in_multiline && c == quote) {
        code = code (buf ~ /[ \t]/ ? blank : buf) c; quote = ""; buf = ""; blank = ""
      } else {
        buf = buf c; blank = blank " "
      }
      continue
    }
    if (two == "//") break
    if (two == "/*") { in_block = 1; i++; continue }
    if (three == "\"\"\"") { in_multiline = 1; code = code three; literal = literal three; i += 2; continue }
    if (c == "\"" || (c == "\047" && c_file)) { quote = c; code = code c; literal = literal c; continue }
    code = code c; literal = literal c
  }
  code = code blank
}
{
  line = $0
  stripped = trim(line)
  if (shell) {
    if (substr(stripped, 1, 1) == "#" || index(line, "# portable:") > 0) next
    cut = index(line, " # "); if (cut > 0) line = substr(line, 1, cut - 1)
    code = line; literal = line
  } else {
    split_code(line)
    if (trim(literal) == "") next
  }
  for (rule = 1; rule <= rules; rule++) {
    kind = kinds[rule]; token = tokens[rule]
    if (kind == "word") hit = word_at(code, token, prefix[rule])
    else if (kind == "text") hit = index(literal, token) > 0
    else if (kind == "itext") hit = index(tolower(code), token) > 0
    else if (kind == "cmd") hit = command_at(code, token)
    else hit = (" " code " ") ~ token
    if (hit) {
      shown = kind == "re" ? "" : token (prefix[rule] ? "*" : "")
      if (shown == "") shown = "regex /" token "/"
      printf "%s:%d: %s: %s\n", path, FNR, shown, reasons[rule]
    }
  }
}
'

root=""
self_test=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) [[ $# -ge 2 ]] || { echo "usage: $0 [--root DIR | --self-test]" >&2; exit 2; }; root="$2"; shift 2 ;;
    --self-test) self_test=true; shift ;;
    *) echo "usage: $0 [--root DIR | --self-test]" >&2; exit 2 ;;
  esac
done
checkout="$(cd "$(dirname "$0")/.." && pwd)"
[[ -n "$root" ]] || root="$checkout"
[[ -d "$root/Sources" ]] || { echo "$0: no Sources/ in $root" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/check-portability.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# check ROOT: prints the hits in ROOT (paths relative to it) and a summary line on standard
# error; returns 1 when there is any hit.
check() {
  local dir="$1" file path linux bash_ok code_files scripts=0
  rules >"$work/rules"
  : >"$work/hits"
  (
    cd "$dir"
    for folder in Sources Tests Fuzz/Sources Plugins; do
      [[ -d "$folder" ]] || continue
      find "$folder" \( -path Sources/TimelineSystem -o -path Sources/CSystemSupport \) -prune -o \
        -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -print
    done | LC_ALL=C sort >"$work/code-files"
    # This script is left out: its rules and its self-test name every form it looks for.
    if [[ -d scripts ]]; then find scripts -type f -name '*.sh' ! -path scripts/check-portability.sh | LC_ALL=C sort; fi >"$work/shell-files"
  )
  code_files="$(wc -l <"$work/code-files" | tr -d ' ')"
  if [[ "$code_files" -gt 0 ]]; then
    # xargs may split the list: each awk reads the rules first.
    (cd "$dir" && tr '\n' '\000' <"$work/code-files" | xargs -0 awk -v shell=0 "$matcher" "$work/rules") >>"$work/hits"
  fi
  while IFS= read -r path; do
    file="$dir/$path"
    linux=0
    bash_ok=0
    if grep -q '^require_linux ' "$file"; then linux=1; fi
    if grep -q '^require_bash ' "$file"; then bash_ok=1; fi
    awk -v shell=1 -v linux="$linux" -v bash="$bash_ok" -v path="$path" "$matcher" "$work/rules" "$file" >>"$work/hits"
    scripts=$((scripts + 1))
  done <"$work/shell-files"
  cat "$work/hits"
  local count files
  count="$(wc -l <"$work/hits" | tr -d ' ')"
  if [[ "$count" -eq 0 ]]; then
    echo "check-portability: no OS-specific code outside Sources/TimelineSystem/ and Sources/CSystemSupport/ ($code_files Swift and C files, $scripts shell scripts)" >&2
    return 0
  fi
  files="$(cut -d: -f1 "$work/hits" | LC_ALL=C sort -u | wc -l | tr -d ' ')"
  echo "check-portability: $count hits in $files files outside Sources/TimelineSystem/ and Sources/CSystemSupport/ ($code_files Swift and C files, $scripts shell scripts checked); move the code into the platform layer, or declare a script Linux-only (require_linux)" >&2
  return 1
}

if ! $self_test; then
  check "$root"
  exit $?
fi

# --- Self-test -------------------------------------------------------------------------------
failures=0
ok() { echo "self-test: ok: $*"; }
not_ok() { echo "self-test: FAILED: $*"; failures=$((failures + 1)); }

# 1. The tree as it is.
status=0
check "$root" >"$work/real.out" 2>"$work/real.err" || status=$?
real_hits="$(wc -l <"$work/real.out" | tr -d ' ')"
if [[ $status -eq 0 ]]; then
  ok "the tree passes ($(sed 's/^check-portability: //' "$work/real.err"))"
else
  ok "the tree fails as it does now, with $real_hits hits (run scripts/check-portability.sh to list them)"
fi

# 2. A copy of the checked folders gives the same result.
copy="$work/copy"
mkdir -p "$copy/Fuzz"
for folder in Sources Tests Plugins scripts; do
  [[ -d "$root/$folder" ]] && cp -R "$root/$folder" "$copy/$folder"
done
[[ -d "$root/Fuzz/Sources" ]] && cp -R "$root/Fuzz/Sources" "$copy/Fuzz/Sources"
copy_status=0
check "$copy" >"$work/copy.out" 2>/dev/null || copy_status=$?
if [[ $copy_status -eq $status ]] && cmp -s "$work/real.out" "$work/copy.out"; then
  ok "a temporary copy of the tree gives the same $real_hits hits and exit status $status"
else
  not_ok "the temporary copy gave exit status $copy_status and other hits than the tree"
  diff "$work/real.out" "$work/copy.out" || true
fi

# 3. Planted files: the check must name exactly the planted hits outside the layer, and none
# in the layer, in comments, or in a script that declares itself Linux-only.
mkdir -p "$copy/Sources/TimelineModel" "$copy/Sources/TimelineSystem" "$copy/scripts"
cat >"$copy/Sources/TimelineModel/PortabilitySelfTest.swift" <<'SWIFT'
import Glibc

// malloc_trim(0) and st_mtim in a comment are documentation, not code.
func portabilitySelfTestTrim() -> Int32 { malloc_trim(0) }  // st_mtim after code is a comment too
var portabilitySelfTestActions = posix_spawn_file_actions_t()
let portabilitySelfTestModified = stat().st_mtim.tv_sec
SWIFT
cat >"$copy/Sources/TimelineSystem/PortabilitySelfTest.swift" <<'SWIFT'
#if canImport(Glibc)
    import Glibc
    func portabilitySelfTestLayerTrim() -> Int32 { malloc_trim(0) }
#endif
SWIFT
cat >"$copy/scripts/portability-self-test.sh" <<'SH'
#!/usr/bin/env bash
# /proc/loadavg in a comment is fine
cut -d' ' -f1 /proc/loadavg
SH
cat >"$copy/scripts/portability-self-test-linux.sh" <<'SH'
#!/usr/bin/env bash
require_linux "reads /proc/loadavg"
cut -d' ' -f1 /proc/loadavg
SH
cat >"$work/expected-planted" <<'EXPECTED'
Sources/TimelineModel/PortabilitySelfTest.swift:1: import Glibc
Sources/TimelineModel/PortabilitySelfTest.swift:4: malloc_trim
Sources/TimelineModel/PortabilitySelfTest.swift:5: posix_spawn_file_actions_t()
Sources/TimelineModel/PortabilitySelfTest.swift:6: st_mtim
scripts/portability-self-test.sh:3: /proc/
EXPECTED
planted_status=0
check "$copy" >"$work/planted.out" 2>/dev/null || planted_status=$?
# The new lines, without the reasons.
LC_ALL=C sort "$work/real.out" >"$work/real.sorted"
LC_ALL=C sort "$work/planted.out" | LC_ALL=C comm -13 "$work/real.sorted" - >"$work/planted-new"
cut -d: -f1-3 "$work/planted-new" | LC_ALL=C sort >"$work/planted-found"
LC_ALL=C sort "$work/expected-planted" >"$work/planted-expected"
if [[ $planted_status -ne 0 ]] && cmp -s "$work/planted-found" "$work/planted-expected"; then
  ok "the check fails on the planted files and names exactly these 5 hits (none in the layer, in comments or in the script declared Linux-only):"
  sed 's/^/    /' "$work/planted-new"
else
  not_ok "on the planted files the check exited $planted_status and found (left: expected, right: found):"
  diff "$work/planted-expected" "$work/planted-found" || true
fi
if LC_ALL=C comm -23 "$work/real.sorted" <(LC_ALL=C sort "$work/planted.out") | grep -q .; then
  not_ok "hits of the tree went missing with the planted files"
else
  ok "every hit of the tree is still reported beside the planted ones"
fi

# 4. Without the planted files the copy is back to the tree's result.
rm -f "$copy/Sources/TimelineModel/PortabilitySelfTest.swift" "$copy/Sources/TimelineSystem/PortabilitySelfTest.swift" \
  "$copy/scripts/portability-self-test.sh" "$copy/scripts/portability-self-test-linux.sh"
again_status=0
check "$copy" >"$work/again.out" 2>/dev/null || again_status=$?
if [[ $again_status -eq $status ]] && cmp -s "$work/real.out" "$work/again.out"; then
  ok "with the planted files removed, the copy gives the tree's result again (exit status $status)"
else
  not_ok "with the planted files removed, the copy gave exit status $again_status"
fi

if [[ $failures -gt 0 ]]; then
  echo "self-test: $failures checks FAILED"
  exit 1
fi
echo "self-test: passed (the temporary copy is removed on exit)"
